package io.robber.planning;

import static io.robber.planning.Nets.INF;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MinCutBoundTest {
    @Test
    void onePairIsTheSmallestOfLinkSenderAndReceiver() {
        double[][] bw = {{INF, 5}, {7, INF}};
        assertThat(MinCutBound.of(Nets.withAccess(bw, new double[] {4, 1}, new double[] {1, 2}))).isEqualTo(2);
        assertThat(MinCutBound.of(Nets.withAccess(bw, new double[] {9, 9}, new double[] {9, 9}))).isEqualTo(5);
    }

    @Test
    void relaysCount() {
        // A→C 1 directly, A→B→C 2 more: C can get 3; B gets 4 + 1 (via C) = 5
        double[][] bw = {{INF, 4, 1}, {0, INF, 2}, {0, 1, INF}};
        assertThat(MinCutBound.of(Nets.links(bw))).isCloseTo(3, within(1e-9));
    }

    @Test
    void unlimitedPathsMakeItInfinite() {
        assertThat(MinCutBound.of(Nets.links(new double[][] {{INF}}))).isInfinite();
        assertThat(MinCutBound.of(Nets.links(new double[][] {{INF, INF, 1}, {1, INF, INF}, {1, 1, INF}}))).isInfinite();
    }

    @Test
    void isAboveTreePackingWhenARootSendsToTwoChildren() {
        // see TreePackingBoundTest.aRootWithLittleUploadMixesStarAndChains: trees reach 2.5, but each
        // destination alone can take all of A's 3
        double[][] bw = {{INF, INF, INF}, {INF, INF, 1}, {INF, 1, INF}};
        Capacities c = Nets.withAccess(bw, new double[] {3, INF, INF}, new double[] {INF, INF, INF});
        assertThat(MinCutBound.of(c)).isCloseTo(3, within(1e-9));
        assertThat(TreePackingBound.of(c).rate()).isCloseTo(2.5, within(1e-7));
    }
}

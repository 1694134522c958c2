package io.robber.planning;

import static io.robber.planning.Nets.INF;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
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

    @Test
    void overTimeRelaysKeepWhatTheyReceivedForALaterStretch() {
        // A→B only in the first second, B→C only in the second: C gets 2 through B's storage, though no
        // stretch alone connects A to C
        Capacities first = Nets.links(new double[][] {{INF, 2, 0}, {0, INF, 0}, {0, 0, INF}});
        Capacities second = Nets.links(new double[][] {{INF, 0, 0}, {0, INF, 2}, {0, 0, INF}});
        assertThat(MinCutBound.of(first)).isZero();
        assertThat(MinCutBound.of(second)).isZero();
        assertThat(MinCutBound.overTime(List.of(new MinCutBound.Stretch(first, 1), new MinCutBound.Stretch(second, 1))))
                .isCloseTo(2, within(1e-9));
        // in the other order nothing reaches C: B has nothing to forward yet
        assertThat(MinCutBound.overTime(List.of(new MinCutBound.Stretch(second, 1), new MinCutBound.Stretch(first, 1))))
                .isZero();
    }

    @Test
    void overTimeOfOneStretchIsTheCutTimesItsLength() {
        double[][] bw = {{INF, 4, 1}, {0, INF, 2}, {0, 1, INF}};
        assertThat(MinCutBound.overTime(List.of(new MinCutBound.Stretch(Nets.links(bw), 2.5))))
                .isCloseTo(7.5, within(1e-9));
    }
}

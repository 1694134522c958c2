package io.robber.planning;

import static io.robber.planning.Nets.INF;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class TreePackingBoundTest {
    private static final double MB = 1e6;

    @Test
    void onePairIsLimitedByTheLinkTheSenderOrTheReceiver() {
        double[][] bw = {{INF, 5}, {7, INF}};
        assertThat(rate(Nets.withAccess(bw, new double[] {INF, INF}, new double[] {INF, INF}))).isCloseTo(5, tight(5));
        assertThat(rate(Nets.withAccess(bw, new double[] {3, INF}, new double[] {INF, INF}))).isCloseTo(3, tight(3));
        assertThat(rate(Nets.withAccess(bw, new double[] {4, 1}, new double[] {1, 2}))).isCloseTo(2, tight(2));
        Bound b = TreePackingBound.of(Nets.withAccess(bw, new double[] {9, 9}, new double[] {9, 4.5}));
        assertThat(b.rate()).isCloseTo(4.5, tight(4.5));
        assertThat(b.trees()).singleElement().satisfies(t -> {
            assertThat(t.parents()).containsExactly(-1, 0);
            assertThat(t.rate()).isCloseTo(4.5, tight(4.5));
        });
    }

    @Test
    void aLineIsLimitedByItsNarrowestHop() {
        // A→B 2, B→C 3 and nothing else: C only hears from B, B only from A; the chain A→B→C carries 2
        double[][] bw = {{INF, 2, 0}, {0, INF, 3}, {0, 0, INF}};
        Bound b = TreePackingBound.of(Nets.links(bw));
        assertThat(b.rate()).isCloseTo(2, tight(2));
        assertThat(b.trees()).singleElement().satisfies(t -> assertThat(t.parents()).containsExactly(-1, 0, 1));
    }

    @Test
    void aTriangleNeedsTwoTreesToReachItsCut() {
        // A→B 2, A→C 2, B→C 3, C→B 3 (B→A, C→A unused). All data leaves A over A→B and A→C: at most 4.
        // A→B→C and A→C→B at 2 each reach it (B→C and C→B carry 2 ≤ 3); any single tree is ≤ 2, and
        // the star A→{B,C} would take 1 from each of A→B and A→C per unit, so the optimum is unique.
        double[][] bw = {{INF, 2, 2}, {1, INF, 3}, {1, 3, INF}};
        Bound b = TreePackingBound.of(Nets.links(bw));
        assertThat(b.rate()).isCloseTo(4, tight(4));
        assertThat(b.trees()).hasSize(2).allSatisfy(t -> assertThat(t.rate()).isCloseTo(2, tight(2)));
        assertThat(b.trees()).extracting(t -> t.parent(1) + "," + t.parent(2)).containsExactlyInAnyOrder("0,1", "2,0");
    }

    @Test
    void aRootWithLittleUploadMixesStarAndChains() {
        // A's access out is 3, everything else unlimited except B→C = C→B = 1. A byte sent once from A
        // must be relayed B→C or C→B (≤ 2 in all); the rest goes out twice: R ≤ (3 + 2) / 2 = 2.5,
        // reached by chains A→B→C and A→C→B at 1 each and the star at 0.5 (A's out: 0.5·2 + 1 + 1 = 3)
        double[][] bw = {{INF, INF, INF}, {INF, INF, 1}, {INF, 1, INF}};
        Bound b = TreePackingBound.of(Nets.withAccess(bw, new double[] {3, INF, INF}, new double[] {INF, INF, INF}));
        assertThat(b.rate()).isCloseTo(2.5, tight(2.5));
        assertThat(b.trees()).hasSize(3);
        assertThat(b.trees().stream().filter(t -> t.children(0) == 2)).singleElement()
                .satisfies(star -> assertThat(star.rate()).isCloseTo(0.5, tight(0.5)));
    }

    @Test
    void unlimitedPathsMakeTheBoundInfinite() {
        assertThat(rate(Nets.links(new double[][] {{INF}}))).isInfinite();
        // A→C is limited, but A→B→C is not
        Bound b = TreePackingBound.of(Nets.links(new double[][] {{INF, INF, 1}, {1, INF, INF}, {1, 1, INF}}));
        assertThat(b.rate()).isInfinite();
        assertThat(b.trees()).singleElement().satisfies(t -> assertThat(t.parents()).containsExactly(-1, 0, 1));
    }

    private static double rate(Capacities c) {
        return TreePackingBound.of(c).rate();
    }

    private static org.assertj.core.data.Offset<Double> tight(double value) {
        return within(Math.abs(value) * 1e-7 + 1e-9);
    }
}

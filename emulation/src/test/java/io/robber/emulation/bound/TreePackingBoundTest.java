package io.robber.emulation.bound;

import static io.robber.emulation.bound.Nets.INF;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.robber.emulation.model.Capacities;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.Scenarios;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Variable;

class TreePackingBoundTest {
    private static final double MB = 1e6;
    private static final long SECOND = 1_000_000_000L;

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

    @Test
    void tc3NicsAddUpUntilTheAccessLinkCaps() {
        // 4 × 100 Mbit/s NICs = 4 · 12.5e6 = 5e7 < 1 Gbit/s = 1.25e8 (access and WAN)
        assertThat(scenario("tc3-2x4")).isCloseTo(5e7, tight(5e7));
        // 16 NICs = 2e8: the 1 Gbit/s access link is the limit, the paper's "about 120 MB/s"
        assertThat(scenario("tc3-2x16")).isCloseTo(1.25e8, tight(1.25e8));
        // four clusters: a chain A→B→C→D uses every cluster's out once
        assertThat(scenario("tc3-4x16")).isCloseTo(1.25e8, tight(1.25e8));
    }

    @Test
    void tc4HalfSlowNicsAddUpToo() {
        // the root sits on a 10 Mbit/s NIC, but hands data to its cluster for free:
        // 2 · 1.25e6 + 2 · 12.5e6 = 2.75e7
        assertThat(scenario("tc4-2x4")).isCloseTo(2.75e7, tight(2.75e7));
        // 8 · 1.25e6 + 8 · 12.5e6 = 1.1e8 < 1.25e8
        assertThat(scenario("tc4-2x16")).isCloseTo(1.1e8, tight(1.1e8));
        assertThat(scenario("tc4-4x16")).isCloseTo(1.1e8, tight(1.1e8));
    }

    @Test
    void tc1MatchesEdmondsCutsComputedByHand() {
        // With only pair limits, the packing equals the smallest cut into a set S of clusters without
        // the root (Edmonds). fast: S = {D} gets A→D 2 + B→D 3 + C→D 5 = 10, every other S more.
        // slow (A–D, B–C 0.8): S = {C, D} gets A→C 4 + A→D 0.8 + B→C 0.8 + B→D 3 = 8.6.
        double fast = scenario("tc1-fast");
        double slow = scenario("tc1-slow");
        System.out.printf("tree-packing bound: tc1-fast %.4f MB/s, tc1-slow %.4f MB/s%n", fast / MB, slow / MB);
        assertThat(fast).isCloseTo(10 * MB, tight(10 * MB));
        assertThat(slow).isCloseTo(8.6 * MB, tight(8.6 * MB));
    }

    @Test
    void tc2MatchesEdmondsCutsComputedByHand() {
        // k clusters per continent, 5 MB/s inside a continent, 0.5 between. Smallest cuts: a whole
        // continent or all non-European clusters get k · 3k · 0.5 = 1.5k²; one cluster gets
        // (k−1) · 5 + 3k · 0.5. k = 1..3: 1.5, 6, 13.5 MB/s (k = 4: 21, below).
        double[] expected = {1.5, 6, 13.5};
        for (int k = 1; k <= 3; k++) {
            assertThat(scenario("tc2-c" + k)).as("tc2-c" + k).isCloseTo(expected[k - 1] * MB, tight(expected[k - 1] * MB));
        }
    }

    @Test
    void columnGenerationEqualsTheProgramOverAllSixteenTrees() {
        List<Capacities> cases = new ArrayList<>();
        cases.add(Scenarios.load("tc1-fast").resolve().nominal());
        cases.add(Scenarios.load("tc1-slow").resolve().nominal());
        cases.add(Scenarios.load("tc3-4x4").resolve().nominal());
        cases.add(Scenarios.load("tc4-4x8").resolve().nominal());
        Network mayhem = Scenarios.load("tc1-mayhem").resolve();
        for (int k = 1; k <= 4; k++) {
            cases.add(mayhem.at(5 * k * SECOND));
        }
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 8; round++) {
            double[][] bw = new double[4][4];
            double[] out = new double[4];
            double[] in = new double[4];
            for (int c = 0; c < 4; c++) {
                for (int d = 0; d < 4; d++) {
                    bw[c][d] = random.nextInt(5) == 0 ? INF : random.nextDouble(0.1, 10);
                }
                out[c] = random.nextInt(3) == 0 ? INF : random.nextDouble(1, 20);
                in[c] = random.nextInt(3) == 0 ? INF : random.nextDouble(1, 20);
            }
            cases.add(Nets.withAccess(bw, out, in));
        }
        List<int[]> all = Nets.allTrees(4);
        assertThat(all).hasSize(16);
        for (Capacities c : cases) {
            double exact = packAll(c, all);
            Bound b = TreePackingBound.of(c);
            assertThat(b.rate()).isCloseTo(exact, tight(exact));
            assertThat(b.trees().stream().mapToDouble(Bound.Tree::rate).sum()).isCloseTo(exact, tight(exact));
            assertFeasible(c, b);
        }
    }

    @Test
    void sixteenClustersSolveWithoutListingTrees() {
        // 16^14 ≈ 7·10^16 trees: only column generation gets here. The smallest cut is one cluster's:
        // 3 · 5 + 12 · 0.5 = 21 MB/s (see tc2MatchesEdmondsCutsComputedByHand)
        long start = System.nanoTime();
        Bound b = TreePackingBound.of(Scenarios.load("tc2-c4").resolve().nominal());
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("tc2-c4: %.4f MB/s over %d trees in %.3f s%n", b.rate() / MB, b.trees().size(), seconds);
        assertThat(b.rate()).isCloseTo(21 * MB, tight(21 * MB));
        assertThat(seconds).as("a second or so; minutes with one tree per solve").isLessThan(10);
        assertFeasible(Scenarios.load("tc2-c4").resolve().nominal(), b);
    }

    /** The trees' loads stay within every capacity. */
    private static void assertFeasible(Capacities c, Bound b) {
        int n = c.clusterCount();
        double[][] pair = new double[n][n];
        double[] out = new double[n];
        for (Bound.Tree t : b.trees()) {
            for (int d = 1; d < n; d++) {
                pair[t.parent(d)][d] += t.rate();
                out[t.parent(d)] += t.rate();
            }
        }
        for (int x = 0; x < n; x++) {
            assertThat(out[x]).isLessThanOrEqualTo(c.clusterOut(x) * (1 + 1e-7));
            if (x > 0) {
                assertThat(b.rate()).isLessThanOrEqualTo(c.clusterIn(x) * (1 + 1e-7));
            }
            for (int d = 0; d < n; d++) {
                assertThat(pair[x][d]).isLessThanOrEqualTo(c.bandwidth()[x][d] * (1 + 1e-7));
            }
        }
    }

    /** The paper's program: every tree a column, solved at once. */
    private static double packAll(Capacities c, List<int[]> trees) {
        int n = c.clusterCount();
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        List<Variable> x = new ArrayList<>();
        for (int t = 0; t < trees.size(); t++) {
            x.add(model.addVariable().lower(0).weight(1));
        }
        for (int cluster = 0; cluster < n; cluster++) {
            int a = cluster;
            Expression out = model.addExpression().upper(finiteOr(c.clusterOut(a)));
            Expression in = model.addExpression().upper(finiteOr(a == 0 ? INF : c.clusterIn(a)));
            for (int t = 0; t < trees.size(); t++) {
                int[] p = trees.get(t);
                out.set(x.get(t), (int) Arrays.stream(p).filter(v -> v == a).count());
                in.set(x.get(t), a == 0 ? 0 : 1);
            }
            for (int d = 1; d < n; d++) {
                if (d != a) {
                    Expression pair = model.addExpression().upper(finiteOr(c.bandwidth()[a][d]));
                    for (int t = 0; t < trees.size(); t++) {
                        pair.set(x.get(t), trees.get(t)[d] == a ? 1 : 0);
                    }
                }
            }
        }
        return model.maximise().getValue();
    }

    /** A stand-in for +∞ far above every capacity in these cases. */
    private static double finiteOr(double capacity) {
        return Double.isFinite(capacity) ? capacity : 1e12;
    }

    private static double scenario(String name) {
        return rate(Scenarios.load(name).resolve().nominal());
    }

    private static double rate(Capacities c) {
        return TreePackingBound.of(c).rate();
    }

    private static org.assertj.core.data.Offset<Double> tight(double value) {
        return within(Math.abs(value) * 1e-7 + 1e-9);
    }
}

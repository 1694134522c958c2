package io.robber.emulation.bound;

import static io.robber.planning.Nets.INF;
import static io.robber.planning.PackingChecks.assertFeasible;
import static io.robber.planning.PackingChecks.packAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.robber.emulation.model.Network;
import io.robber.emulation.model.Scenarios;
import io.robber.planning.Bound;
import io.robber.planning.Capacities;
import io.robber.planning.Nets;
import io.robber.planning.TreePackingBound;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The tree-packing bound of the shipped scenarios, against cuts computed by hand and the full program. */
class ScenarioTreePackingTest {
    private static final double MB = 1e6;
    private static final long SECOND = 1_000_000_000L;

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

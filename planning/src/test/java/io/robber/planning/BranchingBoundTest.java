package io.robber.planning;

import static io.robber.planning.Nets.INF;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Edmonds' branching theorem against the tree-packing program, and where it must stay silent. */
class BranchingBoundTest {

    @Test
    void equalsTheProgramOnRandomNetworksWithoutOutLimits() {
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 30; round++) {
            int n = 3 + random.nextInt(5);
            double[][] bw = randomPairs(n, random);
            double[] in = new double[n];
            Arrays.fill(in, INF);
            if (round % 3 == 0) {
                in[1 + random.nextInt(n - 1)] = 1 + 8 * random.nextDouble();
            }
            double[] out = new double[n];
            Arrays.fill(out, INF);
            Capacities caps = Nets.withAccess(bw, out, in);
            double program = TreePackingBound.of(caps).rate();
            if (Double.isInfinite(program)) {
                assertThat(BranchingBound.exact(caps)).isEmpty();
                continue;
            }
            assertThat(BranchingBound.exact(caps)).hasValueCloseTo(program, within(program * 1e-6));
            assertThat(BranchingBound.rate(caps)).isCloseTo(program, within(program * 1e-6));
        }
    }

    @Test
    void theTriangleNeedsTwoTreesAndStillMatchesItsCut() {
        // TreePackingBoundTest: A→B 2, A→C 2, B→C 3, C→B 3; two chains reach the cut of 4
        double[][] bw = {{INF, 2, 2}, {1, INF, 3}, {1, 3, INF}};
        assertThat(BranchingBound.exact(Nets.links(bw))).hasValueCloseTo(4.0, within(1e-9));
    }

    @Test
    void aRedundantOutLimitKeepsItExact() {
        // every cluster's out covers its pair links towards non-root clusters
        double[][] bw = {{INF, 2, 2}, {1, INF, 3}, {1, 3, INF}};
        Capacities caps = Nets.withAccess(bw, new double[] {4, 3, 3}, new double[] {INF, INF, INF});
        assertThat(BranchingBound.exact(caps)).hasValueCloseTo(4.0, within(1e-9));
        assertThat(TreePackingBound.of(caps).rate()).isCloseTo(4, within(4e-6));
    }

    @Test
    void saysNothingWhereAnOutLimitCanBindAndTheProgramDecides() {
        // TreePackingBoundTest: A's out 3 mixes star and chains at 2.5, below the cut of 3 + ... (∞)
        double[][] bw = {{INF, INF, INF}, {INF, INF, 1}, {INF, 1, INF}};
        Capacities caps = Nets.withAccess(bw, new double[] {3, INF, INF}, new double[] {INF, INF, INF});
        assertThat(BranchingBound.exact(caps)).isEmpty();
        assertThat(BranchingBound.rate(caps)).isCloseTo(2.5, within(2.5e-6));
    }

    @Test
    void unlimitedNetworksAreLeftToTheProgram() {
        double[][] bw = {{INF, INF}, {INF, INF}};
        assertThat(BranchingBound.exact(Nets.links(bw))).isEmpty();
        assertThat(BranchingBound.rate(Nets.links(bw))).isInfinite();
    }

    @Test
    void maxFlowMatchesTheCutBoundOnRandomNetworks() {
        SplittableRandom random = new SplittableRandom(5);
        for (int round = 0; round < 20; round++) {
            int n = 3 + random.nextInt(6);
            double[][] bw = randomPairs(n, random);
            Capacities caps = Nets.links(bw);
            double[][] finite = new double[n][n];
            for (int c = 0; c < n; c++) {
                for (int d = 0; d < n; d++) {
                    finite[c][d] = c == d || d == 0 ? 0 : Double.isFinite(bw[c][d]) ? bw[c][d] : 1e3;
                }
            }
            double[][] capped = new double[n][n];
            for (int c = 0; c < n; c++) {
                for (int d = 0; d < n; d++) {
                    capped[c][d] = c == d ? INF : finite[c][d] == 0 ? 1e-300 : finite[c][d];
                }
            }
            // MinCutBound over the same pairs with unlimited clusters is the minimum over d of maxflow(0 → d)
            double least = INF;
            for (int d = 1; d < n; d++) {
                least = Math.min(least, DenseMaxFlow.of(finite, 0, d, INF));
            }
            assertThat(least).isCloseTo(MinCutBound.of(Nets.links(capped)), within(1e-6 * least));
        }
    }

    private static double[][] randomPairs(int n, SplittableRandom random) {
        double[][] bw = new double[n][n];
        for (int c = 0; c < n; c++) {
            for (int d = 0; d < n; d++) {
                bw[c][d] = c == d ? INF : random.nextInt(4) == 0 ? INF : 0.5 + 9.5 * random.nextDouble();
            }
        }
        return bw;
    }
}

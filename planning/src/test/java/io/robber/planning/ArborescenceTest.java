package io.robber.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ArborescenceTest {

    @Test
    void matchesBruteForceOnRandomCompleteGraphs() {
        SplittableRandom random = new SplittableRandom(42);
        for (int n = 2; n <= 6; n++) {
            List<int[]> all = Nets.allTrees(n);
            for (int round = 0; round < 60; round++) {
                double[][] cost = new double[n][n];
                for (double[] row : cost) {
                    for (int v = 0; v < n; v++) {
                        row[v] = random.nextInt(4) == 0 ? random.nextInt(3) : random.nextDouble(-1, 5);
                    }
                }
                double best = all.stream().mapToDouble(t -> cost(cost, t)).min().orElseThrow();
                int[] found = Arborescence.minimumCost(cost, 0);
                assertThat(all.stream().anyMatch(t -> Arrays.equals(t, found))).as("a spanning arborescence").isTrue();
                assertThat(cost(cost, found)).isCloseTo(best, within(1e-12));
            }
        }
    }

    @Test
    void cayleyCountsTheTreesOfFourClusters() {
        assertThat(Nets.allTrees(4)).hasSize(16);
        assertThat(Nets.allTrees(5)).hasSize(125);
    }

    private static double cost(double[][] cost, int[] parents) {
        double sum = 0;
        for (int v = 1; v < parents.length; v++) {
            sum += cost[parents[v]][v];
        }
        return sum;
    }
}

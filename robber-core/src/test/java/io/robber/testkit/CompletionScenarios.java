package io.robber.testkit;

import io.robber.api.Group;
import io.robber.sim.SimData;
import java.util.BitSet;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.IntFunction;

/**
 * The placements every collective protocol must complete from (a root collective exists in each),
 * shared by the Robber and MOB simulation tests.
 */
public final class CompletionScenarios {
    private CompletionScenarios() {
    }

    /** A named group shape, piece count and initial placement. */
    public record Scenario(String name, int[] clusterSizes, int pieceCount,
                           BiFunction<Group, Integer, IntFunction<BitSet>> placement) {
        public Group group() {
            return SimData.clusters(clusterSizes);
        }

        public IntFunction<BitSet> possession(Group group) {
            return placement.apply(group, pieceCount);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    public static List<Scenario> all() {
        return List.of(
                new Scenario("1 cluster x 8, one root", new int[] {8}, 64, root(0, 0)),
                new Scenario("4 clusters x 4, one root", new int[] {4, 4, 4, 4}, 64, root(0, 0)),
                new Scenario("clusters 1,3,7,2, root alone in its cluster", new int[] {1, 3, 7, 2}, 64, root(0, 0)),
                new Scenario("clusters 1,3,7,2, root in the cluster of 7", new int[] {1, 3, 7, 2}, 64, root(2, 3)),
                new Scenario("4 clusters x 4, two roots in different clusters", new int[] {4, 4, 4, 4}, 64,
                        (g, p) -> SimData.roots(p, SimData.member(g, 1, 2), SimData.member(g, 3, 0))),
                new Scenario("3 clusters x 4, striped over cluster 1", new int[] {4, 4, 4}, 64,
                        (g, p) -> SimData.striped(g, "c1", p)),
                new Scenario("4 clusters x 4, P = 0", new int[] {4, 4, 4, 4}, 0, root(0, 0)),
                new Scenario("4 clusters x 4, P = 1", new int[] {4, 4, 4, 4}, 1, root(1, 1)),
                new Scenario("2 clusters x 3, P = 2", new int[] {3, 3}, 2, root(0, 1)));
    }

    private static BiFunction<Group, Integer, IntFunction<BitSet>> root(int cluster, int rank) {
        return (g, p) -> SimData.roots(p, SimData.member(g, cluster, rank));
    }
}

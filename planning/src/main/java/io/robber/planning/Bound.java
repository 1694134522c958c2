package io.robber.planning;

import java.util.Arrays;
import java.util.List;

/**
 * The maximum multicast throughput of a static network and a set of cluster-level multicast trees
 * that reaches it: every tree carries its own share of the data, and the shares add up to the
 * rate. This is what a sender-side planner (Balanced Multicasting) needs: one tree per stream, and
 * the rate at which to shape it.
 *
 * @param rate  bytes per second every cluster can receive; +∞ when nothing in the way is limited
 * @param trees the trees with a positive rate; their rates sum to {@code rate}
 */
public record Bound(double rate, List<Tree> trees) {

    public Bound {
        trees = List.copyOf(trees);
    }

    /**
     * A spanning arborescence of the clusters, rooted at the root cluster, and its rate.
     *
     * @param parents [c] the cluster that sends the tree's data to cluster c; −1 for the root
     * @param rate    bytes per second carried on this tree
     */
    public record Tree(int[] parents, double rate) {

        public Tree {
            parents = parents.clone();
        }

        @Override
        public int[] parents() {
            return parents.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Tree t && Arrays.equals(parents, t.parents) && Double.compare(rate, t.rate) == 0;
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(parents) + Double.hashCode(rate);
        }

        @Override
        public String toString() {
            return "Tree" + Arrays.toString(parents) + " at " + rate + " B/s";
        }

        /** The cluster that sends to {@code cluster} in this tree, −1 for the root. */
        public int parent(int cluster) {
            return parents[cluster];
        }

        /** How many clusters {@code cluster} sends the tree's data to. */
        public int children(int cluster) {
            int n = 0;
            for (int p : parents) {
                if (p == cluster) {
                    n++;
                }
            }
            return n;
        }
    }
}

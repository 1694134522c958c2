package io.robber.planning;

import java.util.OptionalDouble;

/**
 * The rate of {@link TreePackingBound} without its linear program, where Edmonds' branching theorem
 * gives it: in a directed graph with edge capacities, the maximum fractional packing of spanning
 * arborescences rooted at r equals the minimum over the other vertices v of the maximum flow from r
 * to v. The tree-packing program has three kinds of limits, and only pair limits are edges:
 * <ul>
 *   <li>cluster in d: every tree enters d exactly once, so this only caps the total rate;</li>
 *   <li>pair c→d: an edge of the graph of clusters;</li>
 *   <li>cluster out c: a tree uses it once per child of c, a shared limit on all of c's out-edges
 *       that is no edge. It binds no packing of rate R, however the trees are chosen, when
 *       Σ<sub>d ∉ {c, root}</sub> min(pair c→d, R) ≤ clusterOut(c): no tree edge enters the root,
 *       and no edge carries more than R.</li>
 * </ul>
 * So with R = min(min<sub>v</sub> maxflow(root → v) over the pair edges, min<sub>d</sub> clusterIn(d)),
 * R is the program's optimum exactly when every cluster's out limit is redundant in that sense;
 * otherwise {@link #exact} says nothing and {@link #rate} solves the program. The max-flows run
 * on a dense capacity matrix (Dinic), one per destination, so 100 clusters take well under a second,
 * where the program's column generation does not get that far ({@link TreePackingBound}).
 */
public final class BranchingBound {
    private static final int ROOT = 0;

    private BranchingBound() {
    }

    /** The maximum multicast rate from cluster 0, bytes per second: by Edmonds' theorem where exact, else the program. */
    public static double rate(Capacities capacities) {
        OptionalDouble exact = exact(capacities);
        return exact.isPresent() ? exact.getAsDouble() : TreePackingBound.of(capacities).rate();
    }

    /**
     * The tree-packing optimum when no cluster's out limit can bind (see above) and the rate is
     * finite; empty otherwise.
     */
    public static OptionalDouble exact(Capacities capacities) {
        int n = capacities.clusterCount();
        if (n < 2) {
            return OptionalDouble.empty();
        }
        double[][] bandwidth = capacities.bandwidth();
        double unlimited = 1;
        for (int c = 0; c < n; c++) {
            for (int d = 0; d < n; d++) {
                if (c != d && Double.isFinite(bandwidth[c][d])) {
                    unlimited += bandwidth[c][d];
                }
            }
        }
        double[][] capacity = new double[n][n];
        for (int c = 0; c < n; c++) {
            for (int d = 0; d < n; d++) {
                if (c != d && d != ROOT) {
                    capacity[c][d] = Double.isFinite(bandwidth[c][d]) ? bandwidth[c][d] : unlimited;
                }
            }
        }
        double rate = Double.POSITIVE_INFINITY;
        for (int d = 0; d < n; d++) {
            if (d != ROOT) {
                double flow = DenseMaxFlow.of(capacity, ROOT, d, unlimited);
                rate = Math.min(rate, Math.min(flow >= unlimited ? Double.POSITIVE_INFINITY : flow,
                        capacities.clusterIn(d)));
            }
        }
        if (Double.isInfinite(rate)) {
            return OptionalDouble.empty();
        }
        for (int c = 0; c < n; c++) {
            double mostOut = 0;
            for (int d = 0; d < n; d++) {
                if (d != c && d != ROOT) {
                    mostOut += Math.min(bandwidth[c][d], rate);
                }
            }
            if (mostOut > capacities.clusterOut(c)) {
                return OptionalDouble.empty();
            }
        }
        return OptionalDouble.of(rate);
    }
}

package io.robber.planning;

import java.util.Arrays;

/**
 * Minimum-cost spanning arborescence of a complete directed graph (Chu–Liu/Edmonds), which JGraphT
 * does not provide. O(n³) per call, plenty for the tens of clusters of a scenario.
 */
final class Arborescence {
    private Arborescence() {
    }

    /**
     * The arborescence rooted at {@code root} whose edges' costs have the smallest sum.
     *
     * @param cost [u][v] finite cost of the edge u→v (the diagonal is ignored); may be negative
     * @return parents: [v] the source of v's incoming edge, −1 for the root
     */
    static int[] minimumCost(double[][] cost, int root) {
        int n = cost.length;
        int[] parent = new int[n];
        for (int v = 0; v < n; v++) {
            parent[v] = -1;
            for (int u = 0; u < n; u++) {
                if (v != root && u != v && (parent[v] < 0 || cost[u][v] < cost[parent[v]][v])) {
                    parent[v] = u;
                }
            }
        }
        int[] cycle = findCycle(parent);
        if (cycle == null) {
            return parent;
        }
        return expand(cost, root, parent, cycle);
    }

    /** Contracts the cycle into one vertex, solves the smaller graph, and opens the cycle where it is entered. */
    private static int[] expand(double[][] cost, int root, int[] parent, int[] cycle) {
        int n = cost.length;
        boolean[] inCycle = new boolean[n];
        for (int v : cycle) {
            inCycle[v] = true;
        }
        int[] index = new int[n];
        int m = 0;
        for (int v = 0; v < n; v++) {
            index[v] = inCycle[v] ? -1 : m++;
        }
        int contracted = m;
        int[] original = new int[m];
        for (int v = 0; v < n; v++) {
            if (!inCycle[v]) {
                original[index[v]] = v;
            }
        }
        double[][] reduced = new double[m + 1][m + 1];
        for (double[] row : reduced) {
            Arrays.fill(row, Double.POSITIVE_INFINITY);
        }
        int[] entersAt = new int[m + 1];
        int[] leavesFrom = new int[m + 1];
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                if (u == v || inCycle[u] && inCycle[v]) {
                    continue;
                }
                int a = inCycle[u] ? contracted : index[u];
                int b = inCycle[v] ? contracted : index[v];
                double c = inCycle[v] ? cost[u][v] - cost[parent[v]][v] : cost[u][v];
                if (c < reduced[a][b]) {
                    reduced[a][b] = c;
                    if (inCycle[v]) {
                        entersAt[a] = v;
                    } else if (inCycle[u]) {
                        leavesFrom[b] = u;
                    }
                }
            }
        }
        int[] sub = minimumCost(reduced, index[root]);
        int[] result = parent.clone();
        for (int b = 0; b < m; b++) {
            if (b != index[root]) {
                result[original[b]] = sub[b] == contracted ? leavesFrom[b] : original[sub[b]];
            }
        }
        result[entersAt[sub[contracted]]] = original[sub[contracted]];
        return result;
    }

    /** The vertices of some cycle of the parent graph, or null when it is a tree. */
    private static int[] findCycle(int[] parent) {
        int n = parent.length;
        int[] seenInWalk = new int[n];
        Arrays.fill(seenInWalk, -1);
        for (int start = 0; start < n; start++) {
            int v = start;
            while (v >= 0 && seenInWalk[v] < 0) {
                seenInWalk[v] = start;
                v = parent[v];
            }
            if (v >= 0 && seenInWalk[v] == start) {
                int length = 1;
                for (int w = parent[v]; w != v; w = parent[w]) {
                    length++;
                }
                int[] cycle = new int[length];
                cycle[0] = v;
                for (int i = 1; i < length; i++) {
                    cycle[i] = parent[cycle[i - 1]];
                }
                return cycle;
            }
        }
        return null;
    }
}

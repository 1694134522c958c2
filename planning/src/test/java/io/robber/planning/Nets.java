package io.robber.planning;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/** Hand-built capacities for the bound tests: one node per cluster with an unlimited NIC. */
public final class Nets {
    public static final double INF = Double.POSITIVE_INFINITY;

    private Nets() {
    }

    /** Clusters with the given pair bandwidths (diagonal ignored) and unlimited access links. */
    public static Capacities links(double[][] bandwidth) {
        int n = bandwidth.length;
        double[] unlimited = IntStream.range(0, n).mapToDouble(i -> INF).toArray();
        return withAccess(bandwidth, unlimited, unlimited);
    }

    /** Clusters with the given pair bandwidths and access links out/in. */
    public static Capacities withAccess(double[][] bandwidth, double[] accessOut, double[] accessIn) {
        int n = bandwidth.length;
        List<String> names = new ArrayList<>();
        double[][] nics = new double[n][1];
        for (int c = 0; c < n; c++) {
            names.add(String.valueOf((char) ('A' + c % 26)) + (c < 26 ? "" : c / 26));
            nics[c][0] = INF;
        }
        return new Capacities(names, nics, nics, accessIn, accessOut, bandwidth, new long[n][n]);
    }

    /** Every rooted spanning arborescence of n clusters, as parent arrays (n^(n−2) of them). */
    public static List<int[]> allTrees(int n) {
        List<int[]> trees = new ArrayList<>();
        int combos = (int) Math.pow(n - 1, n - 1);
        for (int code = 0; code < combos; code++) {
            int[] parents = new int[n];
            parents[0] = -1;
            int rest = code;
            for (int v = 1; v < n; v++) {
                int choice = rest % (n - 1);
                rest /= n - 1;
                parents[v] = choice >= v ? choice + 1 : choice;
            }
            if (reachesRoot(parents)) {
                trees.add(parents);
            }
        }
        return trees;
    }

    private static boolean reachesRoot(int[] parents) {
        for (int v = 0; v < parents.length; v++) {
            int w = v;
            for (int steps = 0; w != 0; steps++) {
                if (steps > parents.length) {
                    return false;
                }
                w = parents[w];
            }
        }
        return true;
    }
}

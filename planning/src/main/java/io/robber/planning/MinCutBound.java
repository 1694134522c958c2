package io.robber.planning;

import java.util.List;

/**
 * An upper bound on multicast throughput from cuts: no cluster can receive faster than the maximum
 * flow from the root cluster to it. Each cluster c is three vertices, gateway-in → c → gateway-out,
 * whose edges carry clusterIn(c) and clusterOut(c); gateway-out(c) → gateway-in(d) carries the pair
 * bandwidth. The bound is the minimum over destination clusters of maxflow(root cluster → d).
 *
 * <p>It is never below {@link TreePackingBound}: the paths from the root to d in a tree packing form
 * such a flow. It can be above: a flow may use a cluster's out capacity for one destination at a
 * time, while a multicast tree that forwards to two children uses it twice.
 *
 * <p>{@link #overTime} is the same cut over a sequence of stretches of constant capacities, with
 * relays that keep what they received: the most any protocol, even one that codes across pieces, can
 * deliver to every cluster by the end of the last stretch.
 */
public final class MinCutBound {
    private static final int ROOT = 0;

    /**
     * A stretch of constant capacities.
     *
     * @param capacities the capacities during it
     * @param seconds    how long it lasts
     */
    public record Stretch(Capacities capacities, double seconds) {
    }

    private MinCutBound() {
    }

    /** The bound in bytes per second; +∞ if some destination is reached through unlimited links only. */
    public static double of(Capacities capacities) {
        return overTime(List.of(new Stretch(capacities, 1)));
    }

    /**
     * The most bytes every destination cluster can hold after {@code stretches} in turn, starting from
     * nothing but the root's data: the minimum over destinations of the maximum flow over time, in
     * which every link carries at most its rate × the stretch's length and every cluster may keep what
     * it received for a later stretch. Delays are ignored, which only raises the bound. +∞ if some
     * destination is reached through unlimited links only.
     */
    public static double overTime(List<Stretch> stretches) {
        if (stretches.isEmpty()) {
            throw new IllegalArgumentException("a flow over time needs at least one stretch");
        }
        int n = stretches.get(0).capacities().clusterCount();
        double unlimited = 1;
        for (Stretch s : stretches) {
            unlimited += finiteSum(s.capacities()) * s.seconds();
        }
        int layers = stretches.size();
        double[][] capacity = new double[3 * n * layers][3 * n * layers];
        for (int k = 0; k < layers; k++) {
            Stretch s = stretches.get(k);
            Capacities cap = s.capacities();
            int layer = 3 * n * k;
            for (int c = 0; c < n; c++) {
                capacity[layer + gatewayIn(c, n)][layer + c] = carried(cap.clusterIn(c), s.seconds(), unlimited);
                capacity[layer + c][layer + gatewayOut(c, n)] = carried(cap.clusterOut(c), s.seconds(), unlimited);
                for (int d = 0; d < n; d++) {
                    if (c != d) {
                        capacity[layer + gatewayOut(c, n)][layer + gatewayIn(d, n)] =
                                carried(cap.bandwidth()[c][d], s.seconds(), unlimited);
                    }
                }
                if (k > 0) {
                    capacity[layer - 3 * n + c][layer + c] = unlimited;
                }
            }
        }
        int last = 3 * n * (layers - 1);
        double bound = Double.POSITIVE_INFINITY;
        for (int d = 0; d < n; d++) {
            if (d != ROOT) {
                bound = Math.min(bound, DenseMaxFlow.of(capacity, ROOT, last + d, unlimited));
            }
        }
        return bound >= unlimited ? Double.POSITIVE_INFINITY : bound;
    }

    private static int gatewayIn(int cluster, int n) {
        return n + cluster;
    }

    private static int gatewayOut(int cluster, int n) {
        return 2 * n + cluster;
    }

    private static double finiteSum(Capacities capacities) {
        int n = capacities.clusterCount();
        double sum = 0;
        for (int c = 0; c < n; c++) {
            sum += finite(capacities.clusterIn(c)) + finite(capacities.clusterOut(c));
            for (int d = 0; d < n; d++) {
                sum += c == d ? 0 : finite(capacities.bandwidth()[c][d]);
            }
        }
        return sum;
    }

    private static double finite(double capacity) {
        return Double.isFinite(capacity) ? capacity : 0;
    }

    /** What a link of {@code rate} carries in {@code seconds}; an unlimited rate carries more than every finite sum. */
    private static double carried(double rate, double seconds, double unlimited) {
        return Double.isFinite(rate) ? rate * seconds : unlimited;
    }
}

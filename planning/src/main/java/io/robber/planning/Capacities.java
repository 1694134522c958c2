package io.robber.planning;

import io.robber.api.ProtocolOptions;
import java.util.List;

/**
 * The capacities of a network of clusters at one moment, in bytes per second (+∞ = unlimited) and
 * nanoseconds: what a monitoring system reports to a planner, or an emulated network's state.
 * Indices: cluster {@code c}, rank {@code r} inside it.
 *
 * @param clusters  cluster names
 * @param nodeIn    [c][r] the node's wide-area NIC, incoming
 * @param nodeOut   [c][r] the node's wide-area NIC, outgoing
 * @param accessIn  [c] the cluster's access link, incoming
 * @param accessOut [c] the cluster's access link, outgoing
 * @param bandwidth [c][d] from cluster c to cluster d
 * @param delay     [c][d] one-way delay from c to d, nanoseconds
 */
public record Capacities(List<String> clusters, double[][] nodeIn, double[][] nodeOut, double[] accessIn,
                         double[] accessOut, double[][] bandwidth, long[][] delay) {
    /** The network monitoring data handed to a sender-side planner (Balanced Multicasting) with its options. */
    public static final ProtocolOptions.Key<Capacities> MONITORING = new ProtocolOptions.Key<>("monitoring",
            Capacities.class);

    public int clusterCount() {
        return clusters.size();
    }

    public int nodes(int cluster) {
        return nodeIn[cluster].length;
    }

    /** Everything a cluster can take in from the WAN: its access link or the sum of its NICs. */
    public double clusterIn(int c) {
        return Math.min(accessIn[c], sum(nodeIn[c]));
    }

    /** Everything a cluster can send into the WAN: its access link or the sum of its NICs. */
    public double clusterOut(int c) {
        return Math.min(accessOut[c], sum(nodeOut[c]));
    }

    private static double sum(double[] values) {
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s;
    }
}

package io.robber.emulation.tc;

import io.robber.planning.Capacities;

/**
 * Where every node and hub of an emulated network sits in 198.18.0.0/15, the range set aside for
 * benchmarking (RFC 2544): node {@code r} of cluster {@code c} is {@code 198.18.c.(r+1)}, its
 * cluster is {@code 198.18.c.0/24}, the cluster's hub (its router, the Robber paper's Fig. 6) is
 * {@code 198.18.c.254} on the cluster side and {@code 198.19.0.(c+1)} on the WAN, which is
 * {@code 198.19.0.0/24}.
 */
public final class AddressPlan {
    /** Clusters the plan can number: one /24 each, and one WAN address per hub. */
    public static final int MAX_CLUSTERS = 254;
    /** Nodes per cluster: .1 to .253 (.254 is the hub). */
    public static final int MAX_NODES = 253;
    /** The prefix length of a cluster's network and of the WAN. */
    public static final int PREFIX_LENGTH = 24;

    private AddressPlan() {
    }

    /** Fails, naming the limit, when {@code caps} has more clusters or nodes than the plan can number. */
    public static void check(Capacities caps) {
        if (caps.clusterCount() > MAX_CLUSTERS) {
            throw new IllegalArgumentException("198.18.0.0/15 numbers at most " + MAX_CLUSTERS + " clusters, the model has "
                    + caps.clusterCount());
        }
        for (int c = 0; c < caps.clusterCount(); c++) {
            if (caps.nodes(c) > MAX_NODES) {
                throw new IllegalArgumentException("198.18.0.0/15 numbers at most " + MAX_NODES + " nodes per cluster, "
                        + caps.clusters().get(c) + " has " + caps.nodes(c));
            }
        }
    }

    /** The address of node {@code rank} of cluster {@code cluster}. */
    public static String node(int cluster, int rank) {
        return "198.18." + cluster + "." + (rank + 1);
    }

    /** The network of cluster {@code cluster}, e.g. {@code 198.18.2.0/24}. */
    public static String cluster(int cluster) {
        return "198.18." + cluster + ".0/" + PREFIX_LENGTH;
    }

    /** The hub's address inside its cluster: the nodes' default gateway. */
    public static String hubInside(int cluster) {
        return "198.18." + cluster + ".254";
    }

    /** The hub's address on the WAN. */
    public static String hubOnWan(int cluster) {
        return "198.19.0." + (cluster + 1);
    }
}

package io.robber.emulation.tc;

import io.robber.planning.Capacities;

/**
 * Where every node and hub of an emulated network sits in 198.18.0.0/15, the range set aside for
 * benchmarking (RFC 2544): node {@code r} of cluster {@code c} is {@code 198.18.c.(r+1)}, its
 * cluster is {@code 198.18.c.0/24}, the cluster's hub (its router, the Robber paper's Fig. 6) is
 * {@code 198.18.c.254} on the cluster side and {@code 198.19.0.(c+1)} on the WAN, which is
 * {@code 198.19.0.0/24}. That is the layout of the network namespaces; the Docker emulation, whose
 * networks live beside them on the same host, numbers its clusters and WAN in {@link #DOCKER}.
 */
public final class AddressPlan {
    /** The namespaces' addresses: the static methods of this class. */
    public static final Block NAMESPACES = new Block(0, "198.19.0.");
    /**
     * The Docker emulation's addresses: clusters from {@code 198.18.128.0/24} on, the WAN
     * {@code 198.19.128.0/24}, so that its networks (which also appear on the host, as bridges)
     * overlap neither the namespaces' nor the Docker daemon's own {@code 198.19.0.0/24}.
     */
    public static final Block DOCKER = new Block(128, "198.19.128.");

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
        return NAMESPACES.node(cluster, rank);
    }

    /** The network of cluster {@code cluster}, e.g. {@code 198.18.2.0/24}. */
    public static String cluster(int cluster) {
        return NAMESPACES.cluster(cluster);
    }

    /** The hub's address inside its cluster: the nodes' default gateway. */
    public static String hubInside(int cluster) {
        return NAMESPACES.hubInside(cluster);
    }

    /** The hub's address on the WAN. */
    public static String hubOnWan(int cluster) {
        return NAMESPACES.hubOnWan(cluster);
    }

    /**
     * One numbering: cluster {@code c} is {@code 198.18.(firstCluster + c).0/24}, the WAN
     * {@code wanPrefix + "0/24"}.
     */
    public record Block(int firstCluster, String wanPrefix) {
        /** How many clusters fit in 198.18.0.0/16 from {@link #firstCluster()} on. */
        public int maxClusters() {
            return Math.min(MAX_CLUSTERS, 255 - firstCluster);
        }

        /** Fails, naming the limit, when {@code caps} has more clusters or nodes than this block numbers. */
        public void check(Capacities caps) {
            AddressPlan.check(caps);
            if (caps.clusterCount() > maxClusters()) {
                throw new IllegalArgumentException("198.18." + firstCluster + ".0 on numbers at most " + maxClusters()
                        + " clusters, the model has " + caps.clusterCount());
            }
        }

        public String node(int cluster, int rank) {
            return "198.18." + (firstCluster + cluster) + "." + (rank + 1);
        }

        public String cluster(int cluster) {
            return "198.18." + (firstCluster + cluster) + ".0/" + PREFIX_LENGTH;
        }

        public String hubInside(int cluster) {
            return "198.18." + (firstCluster + cluster) + ".254";
        }

        public String hubOnWan(int cluster) {
            return wanPrefix + (cluster + 1);
        }

        /** The WAN's network, e.g. {@code 198.19.0.0/24}. */
        public String wan() {
            return wanPrefix + "0/" + PREFIX_LENGTH;
        }
    }
}

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
    /** Clusters the plan can number: one /24 each, and one WAN address per hub. */
    public static final int MAX_CLUSTERS = 254;
    public static final Block NAMESPACES = new Block(0, MAX_CLUSTERS, "198.19.0.");
    /**
     * Docker projects that can run at once on one daemon, each numbered in a block of its own
     * ({@link #docker(int)}): their networks appear on the host, as bridges, so two projects must not
     * share a subnet.
     */
    public static final int DOCKER_SLOTS = 4;
    /** Clusters of one Docker block. */
    public static final int DOCKER_CLUSTERS = 32;
    /** The first Docker block, {@link #docker(int) docker(0)}. */
    public static final Block DOCKER = docker(0);
    /** Nodes per cluster: .1 to .253 (.254 is the hub). */
    public static final int MAX_NODES = 253;
    /** The prefix length of a cluster's network and of the WAN. */
    public static final int PREFIX_LENGTH = 24;

    private AddressPlan() {
    }

    /**
     * The Docker emulation's block {@code slot} (0 to {@value #DOCKER_SLOTS} - 1): clusters
     * {@code 198.18.(128 + 32 slot + c).0/24}, the WAN {@code 198.19.(128 + slot).0/24}, so that its
     * networks overlap neither another slot's, nor the namespaces' WAN, nor the Docker daemon's own
     * {@code 198.19.0.0/24}.
     */
    public static Block docker(int slot) {
        if (slot < 0 || slot >= DOCKER_SLOTS) {
            throw new IllegalArgumentException("a Docker address block is numbered 0 to " + (DOCKER_SLOTS - 1)
                    + ", got " + slot);
        }
        return new Block(128 + DOCKER_CLUSTERS * slot, DOCKER_CLUSTERS, "198.19." + (128 + slot) + ".");
    }

    /** Whether {@code block} is one of the Docker emulation's. */
    public static boolean isDocker(Block block) {
        for (int slot = 0; slot < DOCKER_SLOTS; slot++) {
            if (docker(slot).equals(block)) {
                return true;
            }
        }
        return false;
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
     * One numbering: cluster {@code c} (below {@code clusters}) is {@code 198.18.(firstCluster + c).0/24},
     * the WAN {@code wanPrefix + "0/24"}.
     */
    public record Block(int firstCluster, int clusters, String wanPrefix) {
        /** How many clusters the block numbers: {@link #clusters()}, as far as 198.18.0.0/16 reaches. */
        public int maxClusters() {
            return Math.min(clusters, Math.min(MAX_CLUSTERS, 255 - firstCluster));
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

package io.robber.transport;

import io.robber.api.Group;
import io.robber.api.Member;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * The address layout of a group run in one JVM on loopback: cluster c's node n listens on
 * 127.0.(c+1).(n+1), every node on the same port. Linux routes all of 127.0.0.0/8 to loopback; other
 * systems need the aliases.
 */
public final class LoopbackLayout {
    /** Clusters and nodes per cluster are limited by the 127.0.X.Y addressing. */
    public static final int MAX_CLUSTERS = 254;
    public static final int MAX_NODES_PER_CLUSTER = 254;

    private LoopbackLayout() {
    }

    /** The host of node {@code node} (0-based) of cluster {@code cluster} (0-based). */
    public static String host(int cluster, int node) {
        if (cluster < 0 || cluster >= MAX_CLUSTERS || node < 0 || node >= MAX_NODES_PER_CLUSTER) {
            throw new IllegalArgumentException("loopback addresses allow at most " + MAX_CLUSTERS + " clusters of "
                    + MAX_NODES_PER_CLUSTER + " nodes, asked for node " + node + " of cluster " + cluster);
        }
        return "127.0." + (cluster + 1) + "." + (node + 1);
    }

    public static InetSocketAddress address(int cluster, int node, int port) {
        return new InetSocketAddress(host(cluster, node), port);
    }

    /**
     * A group of {@code clusterSizes[c]} nodes in cluster {@code c<c>}, node n of it named
     * {@code c<c>n<n>}, listed cluster by cluster, all on {@code port}.
     */
    public static Group group(int port, int... clusterSizes) {
        List<Member> members = new ArrayList<>();
        for (int c = 0; c < clusterSizes.length; c++) {
            for (int n = 0; n < clusterSizes[c]; n++) {
                members.add(new Member("c" + c + "n" + n, "c" + c, address(c, n, port)));
            }
        }
        return new Group(members);
    }
}

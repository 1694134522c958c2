package io.robber.emulation.model;

import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.planning.Capacities;
import io.robber.transport.LoopbackLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the members of a group sit in a {@link Network}: each member's cluster of the model (by
 * name) and its rank there (its collective rank in the group). Also builds the group every backend
 * runs: every node of the model as a member.
 */
public final class NodePlacement {
    private final int[] clusterOf;
    private final int[] rankOf;

    private NodePlacement(int[] clusterOf, int[] rankOf) {
        this.clusterOf = clusterOf;
        this.rankOf = rankOf;
    }

    /** Places {@code group}, whose cluster names are the model's; fails naming a member that does not fit. */
    public static NodePlacement of(Network network, Group group) {
        Capacities caps = network.nominal();
        int[] clusterOf = new int[group.size()];
        int[] rankOf = new int[group.size()];
        for (int m = 0; m < group.size(); m++) {
            String cluster = group.member(m).cluster();
            int c = caps.clusters().indexOf(cluster);
            if (c < 0) {
                throw new IllegalArgumentException("member " + group.member(m).id() + " is in cluster '" + cluster
                        + "', which scenario " + network.name() + " does not have; its clusters are "
                        + caps.clusters());
            }
            int r = group.rank(m);
            if (r >= caps.nodes(c)) {
                throw new IllegalArgumentException("cluster " + cluster + " of scenario " + network.name() + " has "
                        + caps.nodes(c) + " nodes, the group puts " + (r + 1) + " members in it");
            }
            clusterOf[m] = c;
            rankOf[m] = r;
        }
        return new NodePlacement(clusterOf, rankOf);
    }

    /**
     * Every node of the model as a member: id {@link #memberId}, its cluster's name, and its
     * {@link LoopbackLayout} address on {@code port}. Node 0 of the first cluster, the root, comes first.
     */
    public static Group group(Network network, int port) {
        Capacities caps = network.nominal();
        if (caps.clusterCount() > LoopbackLayout.MAX_CLUSTERS) {
            throw new IllegalArgumentException("loopback addresses allow at most " + LoopbackLayout.MAX_CLUSTERS
                    + " clusters, the model has " + caps.clusterCount());
        }
        List<Member> members = new ArrayList<>();
        for (int c = 0; c < caps.clusterCount(); c++) {
            String cluster = caps.clusters().get(c);
            if (caps.nodes(c) > LoopbackLayout.MAX_NODES_PER_CLUSTER) {
                throw new IllegalArgumentException("loopback addresses allow at most "
                        + LoopbackLayout.MAX_NODES_PER_CLUSTER + " nodes per cluster, " + cluster + " has "
                        + caps.nodes(c));
            }
            for (int r = 0; r < caps.nodes(c); r++) {
                members.add(new Member(memberId(cluster, r), cluster, LoopbackLayout.address(c, r, port)));
            }
        }
        return new Group(members);
    }

    /** {@code A0}, {@code A15}; {@code europe0-3} when the cluster name ends in a digit. */
    public static String memberId(String cluster, int rank) {
        boolean digit = Character.isDigit(cluster.charAt(cluster.length() - 1));
        return cluster + (digit ? "-" : "") + rank;
    }

    /** The model's index of the member's cluster. */
    public int cluster(int member) {
        return clusterOf[member];
    }

    /** The member's rank in its cluster of the model. */
    public int rank(int member) {
        return rankOf[member];
    }
}

package io.robber.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fixed, ordered set of members spread over clusters. Every node builds the same {@code Group},
 * so every node computes the same collectives, collective ranks and peer graphs without any
 * coordination.
 *
 * <p>Members are addressed by their <em>index</em>, their position in group order. A member's
 * <em>collective</em> is the list of members of its cluster in group order; its <em>collective
 * rank</em> r(n, C) is its position in that list (Robber paper §3).
 */
public final class Group {
    /** The most members a group has: member indices travel on the wire and are checked against it. */
    public static final int MAX_MEMBERS = 1 << 20;

    private final List<Member> members;
    private final Map<String, Integer> indexById = new HashMap<>();
    private final List<String> clusters;
    private final Map<String, List<Integer>> collectives;
    private final int[] clusterOf;
    private final int[] rank;

    public Group(List<Member> members) {
        if (members.isEmpty()) {
            throw new IllegalArgumentException("a group needs at least one member");
        }
        if (members.size() > MAX_MEMBERS) {
            throw new IllegalArgumentException("a group has at most " + MAX_MEMBERS + " members, got " + members.size());
        }
        this.members = List.copyOf(members);
        Map<String, List<Integer>> byCluster = new LinkedHashMap<>();
        for (int i = 0; i < this.members.size(); i++) {
            Member m = this.members.get(i);
            if (indexById.putIfAbsent(m.id(), i) != null) {
                throw new IllegalArgumentException("member id " + m.id() + " appears twice in the group");
            }
            byCluster.computeIfAbsent(m.cluster(), c -> new ArrayList<>()).add(i);
        }
        this.clusters = List.copyOf(byCluster.keySet());
        Map<String, List<Integer>> frozen = new LinkedHashMap<>();
        byCluster.forEach((c, l) -> frozen.put(c, List.copyOf(l)));
        this.collectives = Collections.unmodifiableMap(frozen);
        this.clusterOf = new int[this.members.size()];
        this.rank = new int[this.members.size()];
        for (int c = 0; c < clusters.size(); c++) {
            List<Integer> collective = collectives.get(clusters.get(c));
            for (int r = 0; r < collective.size(); r++) {
                clusterOf[collective.get(r)] = c;
                rank[collective.get(r)] = r;
            }
        }
    }

    public int size() {
        return members.size();
    }

    public List<Member> members() {
        return members;
    }

    public Member member(int index) {
        return members.get(index);
    }

    /** The index of the member with this id; fails with a clear message for an unknown id. */
    public int indexOf(String id) {
        Integer index = indexById.get(id);
        if (index == null) {
            throw new IllegalArgumentException("no member with id '" + id + "' in the group");
        }
        return index;
    }

    /** Whether a member has this id. */
    public boolean contains(String id) {
        return indexById.containsKey(id);
    }

    /** Cluster names in order of first appearance. */
    public List<String> clusters() {
        return clusters;
    }

    /** Position of the member's cluster in {@link #clusters()}. */
    public int clusterIndex(int member) {
        return clusterOf[member];
    }

    /** The members of a cluster, in group order. */
    public List<Integer> collective(String cluster) {
        List<Integer> collective = collectives.get(cluster);
        if (collective == null) {
            throw new IllegalArgumentException("no cluster named '" + cluster + "' in the group");
        }
        return collective;
    }

    /** The collective of the given member. */
    public List<Integer> collectiveOf(int member) {
        return collectives.get(clusters.get(clusterOf[member]));
    }

    /** The collective rank r(n, C) of a member. */
    public int rank(int member) {
        return rank[member];
    }

    public boolean sameCluster(int a, int b) {
        return clusterOf[a] == clusterOf[b];
    }

    @Override
    public String toString() {
        return "Group" + collectives;
    }
}

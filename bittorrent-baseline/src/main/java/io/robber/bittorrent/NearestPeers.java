package io.robber.bittorrent;

import io.robber.api.Group;
import io.robber.engine.MemberDistances;
import io.robber.engine.PeerGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * BT-Optimized's topology-aware neighbour selection (Datacast paper, §6.3): a node selects N = 10
 * peers (every other member in a smaller group), preferring peers at a small distance but taking at
 * least one from each distance range that has members.
 *
 * <p>The distance is the topology's when the options carry {@link MemberDistances} (e.g. hops between
 * the members' servers on a data-center network: one range per hop count); otherwise it is what a
 * {@link Group} knows: 0 for a member of the same cluster, 1 for a member of another cluster, so a
 * node takes one random member of another cluster (when there is one) and fills the rest with random
 * members of its own cluster, then of others. Members at the same distance are taken in random order.
 * Selections are undirected (accepted connections count) and the graph is made connected.
 */
final class NearestPeers {
    private NearestPeers() {
    }

    /** 0: same cluster; 1: another cluster. */
    static int distance(Group group, int a, int b) {
        return group.sameCluster(a, b) ? 0 : 1;
    }

    /** The distances a group's clusters give, for when the topology's are not known. */
    static MemberDistances clusters(Group group) {
        return (a, b) -> distance(group, a, b);
    }

    static PeerGraph generate(Group group, MemberDistances distances, int peers, long seed) {
        return Meshes.generate(group.size(), seed, (x, random) -> select(group.size(), distances, x, peers, random));
    }

    /** The peers {@code x} selects: the nearest of each distance range first, then the nearest others. */
    static List<Integer> select(int members, MemberDistances distances, int x, int peers, SplittableRandom random) {
        TreeMap<Integer, List<Integer>> ranges = new TreeMap<>();
        for (int y = 0; y < members; y++) {
            if (y != x) {
                ranges.computeIfAbsent(distances.distance(x, y), d -> new ArrayList<>()).add(y);
            }
        }
        List<List<Integer>> shuffled = ranges.values().stream()
                .map(r -> PeerGraph.randomPeers(r, r.size(), random)).toList();
        List<Integer> chosen = new ArrayList<>();
        for (List<Integer> range : shuffled) {
            if (!range.isEmpty() && chosen.size() < peers) {
                chosen.add(range.get(0));
            }
        }
        for (List<Integer> range : shuffled) {
            for (int y : range) {
                if (chosen.size() < peers && !chosen.contains(y)) {
                    chosen.add(y);
                }
            }
        }
        return chosen;
    }
}

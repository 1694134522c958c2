package io.robber.bittorrent;

import io.robber.api.Group;
import io.robber.engine.PeerGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * BT-Optimized's topology-aware neighbour selection (Datacast paper, §6.3): a node selects N = 10
 * peers (every other member in a smaller group), preferring peers at a small distance but taking at
 * least one from each distance range that has members.
 *
 * <p>The distance here is what a {@link Group} knows of the topology: 0 for a member of the same
 * cluster, 1 for a member of another cluster. So a node takes one random member of another cluster
 * (when there is one) and fills the rest with random members of its own cluster, then of others.
 * Selections are undirected (accepted connections count) and the graph is made connected.
 */
final class NearestPeers {
    private NearestPeers() {
    }

    /** 0: same cluster; 1: another cluster. */
    static int distance(Group group, int a, int b) {
        return group.sameCluster(a, b) ? 0 : 1;
    }

    static PeerGraph generate(Group group, int peers, long seed) {
        return Meshes.generate(group.size(), seed, (x, random) -> select(group, x, peers, random));
    }

    /** The peers {@code x} selects: the nearest of each distance range first, then the nearest others. */
    static List<Integer> select(Group group, int x, int peers, SplittableRandom random) {
        List<List<Integer>> ranges = List.of(new ArrayList<>(), new ArrayList<>());
        for (int y = 0; y < group.size(); y++) {
            if (y != x) {
                ranges.get(distance(group, x, y)).add(y);
            }
        }
        List<List<Integer>> shuffled = ranges.stream().map(r -> PeerGraph.randomPeers(r, r.size(), random)).toList();
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

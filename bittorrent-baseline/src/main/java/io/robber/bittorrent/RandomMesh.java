package io.robber.bittorrent;

import io.robber.api.Group;
import io.robber.engine.PeerGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * BitTorrent's overlay as the Robber paper ran it (§2.5): each node connects to N peers chosen at
 * random from the whole group, blind to clusters; a connection a node accepts is a peer too, so the
 * graph is the undirected union and a node may have more than N peers. Seeded, so every node
 * computes the same graph; made connected ({@link Meshes#connect}) so every piece can reach every node.
 */
final class RandomMesh {
    private RandomMesh() {
    }

    static PeerGraph generate(Group group, int peers, long seed) {
        int n = group.size();
        return Meshes.generate(n, seed, (x, random) -> {
            List<Integer> others = new ArrayList<>(n - 1);
            for (int y = 0; y < n; y++) {
                if (y != x) {
                    others.add(y);
                }
            }
            return PeerGraph.randomPeers(others, peers, random);
        });
    }
}

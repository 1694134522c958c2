package io.robber.datacast.steiner;

import io.robber.datacast.topology.Network;
import java.util.Arrays;
import java.util.Optional;

/**
 * §4.1.2: prunes a spanning tree to a group's Steiner tree, the union of the paths from the
 * receivers up to the source. Each arc is walked once: O(|E|). One pruning serves every tree of a
 * group: its arrays are reused, and only the nodes a tree touched are cleared after it.
 */
final class Pruning {
    private final Network network;
    private final int[] receivers;
    private final int[] depth;
    private final int[] arcs;
    private final int[] path;

    Pruning(Network network, Group group) {
        this.network = network;
        this.receivers = group.receivers().stream().mapToInt(r -> r.index()).toArray();
        this.depth = new int[network.nodeCount()];
        Arrays.fill(depth, -1);
        this.arcs = new int[network.nodeCount()];
        this.path = new int[network.nodeCount()];
    }

    /** The Steiner tree, or empty if the spanning tree misses a receiver. */
    static Optional<SteinerTree> prune(Network network, SpanningTree tree, Group group) {
        return new Pruning(network, group).prune(tree);
    }

    /** The Steiner tree, or empty if the spanning tree misses a receiver. */
    Optional<SteinerTree> prune(SpanningTree tree) {
        int[] parentArc = tree.parentArc();
        int source = tree.source();
        depth[source] = 0;
        int arcCount = 0;
        int deepest = 0;
        try {
            for (int receiver : receivers) {
                int length = 0;
                int v = receiver;
                while (depth[v] < 0) {
                    if (parentArc[v] < 0 || length == path.length) {
                        return Optional.empty();
                    }
                    path[length++] = v;
                    v = network.tail(parentArc[v]);
                }
                for (int i = length - 1; i >= 0; i--) {
                    int node = path[i];
                    depth[node] = depth[network.tail(parentArc[node])] + 1;
                    arcs[arcCount++] = parentArc[node];
                }
                deepest = Math.max(deepest, depth[receiver]);
            }
            return Optional.of(new SteinerTree(source, Arrays.copyOf(arcs, arcCount), deepest));
        } finally {
            depth[source] = -1;
            for (int i = 0; i < arcCount; i++) {
                depth[network.head(arcs[i])] = -1;
            }
        }
    }
}

package io.robber.datacast.steiner;

import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import java.util.Optional;

/**
 * §4.1.2: prunes a spanning tree to a group's Steiner tree, the union of the paths from the
 * receivers up to the source. Each arc is walked once: O(|E|).
 */
final class Pruning {
    private Pruning() {
    }

    /** The Steiner tree, or empty if the spanning tree misses a receiver. */
    static Optional<SteinerTree> prune(Network network, SpanningTree tree, Group group) {
        int[] parentArc = tree.parentArc();
        int[] depth = new int[network.nodeCount()];
        java.util.Arrays.fill(depth, -1);
        depth[tree.source()] = 0;
        int[] arcs = new int[network.nodeCount()];
        int arcCount = 0;
        int[] path = new int[network.nodeCount()];
        int deepest = 0;
        for (Node receiver : group.receivers()) {
            int length = 0;
            int v = receiver.index();
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
            deepest = Math.max(deepest, depth[receiver.index()]);
        }
        return Optional.of(new SteinerTree(tree.source(), java.util.Arrays.copyOf(arcs, arcCount), deepest));
    }
}

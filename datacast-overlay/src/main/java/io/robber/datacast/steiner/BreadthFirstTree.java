package io.robber.datacast.steiner;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Optional;

/**
 * §4.1.3: a Steiner tree grown by breadth-first search from the source over the free, live arcs,
 * then pruned; the BFS keeps each receiver's depth locally minimal. It stops once every receiver is
 * reached.
 */
final class BreadthFirstTree {
    private BreadthFirstTree() {
    }

    /**
     * The tree, or empty if some receiver cannot be reached over live arcs not in {@code used}. A
     * receiver without a free, live arc in, or a source without one out, fails at once, without a search.
     */
    static Optional<SteinerTree> grow(Network network, Group group, FailedLinks failed, BitSet used) {
        int source = group.source().index();
        if (!hasFreeArc(network, source, false, failed, used)
                || group.receivers().stream().anyMatch(r -> !hasFreeArc(network, r.index(), true, failed, used))) {
            return Optional.empty();
        }
        int[] parentArc = new int[network.nodeCount()];
        Arrays.fill(parentArc, -1);
        boolean[] reached = new boolean[network.nodeCount()];
        boolean[] receiver = new boolean[network.nodeCount()];
        group.receivers().forEach(r -> receiver[r.index()] = true);
        int missing = group.receivers().size();
        int[] queue = new int[network.nodeCount()];
        int head = 0;
        int tail = 0;
        queue[tail++] = source;
        reached[source] = true;
        while (head < tail && missing > 0) {
            int v = queue[head++];
            for (int i = network.outStart(v), end = network.outStart(v + 1); i < end; i++) {
                int w = network.outHead(i);
                int arc = network.outArc(i);
                if (!reached[w] && !used.get(arc) && failed.isLive(arc)) {
                    reached[w] = true;
                    parentArc[w] = arc;
                    queue[tail++] = w;
                    if (receiver[w]) {
                        missing--;
                    }
                }
            }
        }
        if (missing > 0) {
            return Optional.empty();
        }
        return Pruning.prune(network, new SpanningTree(source, parentArc), group);
    }

    /** Whether node {@code v} has a free, live arc out (or, if {@code in}, in). */
    private static boolean hasFreeArc(Network network, int v, boolean in, FailedLinks failed, BitSet used) {
        for (int i = network.outStart(v); i < network.outStart(v + 1); i++) {
            int out = network.outArc(i);
            int arc = in ? Network.reverse(out) : out;
            if (failed.isLive(arc) && !used.get(arc)) {
                return true;
            }
        }
        return false;
    }

    /** Whether every receiver is connected to the source over live links. */
    static boolean connected(Network network, Group group, FailedLinks failed) {
        return grow(network, group, failed, new BitSet()).isPresent();
    }
}

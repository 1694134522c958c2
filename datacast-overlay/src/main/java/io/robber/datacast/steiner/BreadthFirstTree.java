package io.robber.datacast.steiner;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import java.util.Optional;

/**
 * §4.1.3: a Steiner tree grown by breadth-first search from the source over the free, live arcs,
 * then pruned; the BFS keeps each receiver's depth locally minimal. It stops once every receiver is
 * reached. One search serves every repair of a group: its arrays are reused, and only the nodes a
 * search reached are cleared after it.
 */
final class BreadthFirstTree {
    private final Network network;
    private final int source;
    private final int[] receivers;
    private final boolean[] receiver;
    private final int[] parentArc;
    private final boolean[] reached;
    private final int[] queue;
    private final Pruning pruning;

    BreadthFirstTree(Network network, Group group, Pruning pruning) {
        this.network = network;
        this.source = group.source().index();
        this.receivers = group.receivers().stream().mapToInt(r -> r.index()).toArray();
        this.receiver = new boolean[network.nodeCount()];
        for (int r : receivers) {
            receiver[r] = true;
        }
        this.parentArc = new int[network.nodeCount()];
        this.reached = new boolean[network.nodeCount()];
        this.queue = new int[network.nodeCount()];
        this.pruning = pruning;
    }

    /**
     * The tree, or empty if some receiver cannot be reached over the free arcs. A receiver without a
     * free arc in, or a source without one out, fails at once, without a search.
     */
    Optional<SteinerTree> grow(FreeArcs free) {
        if (!hasFreeArc(source, false, free)) {
            return Optional.empty();
        }
        for (int r : receivers) {
            if (!hasFreeArc(r, true, free)) {
                return Optional.empty();
            }
        }
        int missing = receivers.length;
        int head = 0;
        int tail = 0;
        queue[tail++] = source;
        reached[source] = true;
        parentArc[source] = -1;
        while (head < tail && missing > 0) {
            int v = queue[head++];
            for (int i = network.outStart(v), end = network.outStart(v + 1); i < end; i++) {
                int w = network.outHead(i);
                int arc = network.outArc(i);
                if (!reached[w] && free.isFree(arc)) {
                    reached[w] = true;
                    parentArc[w] = arc;
                    queue[tail++] = w;
                    if (receiver[w]) {
                        missing--;
                    }
                }
            }
        }
        for (int i = 0; i < tail; i++) {
            reached[queue[i]] = false;
        }
        if (missing > 0) {
            return Optional.empty();
        }
        return pruning.prune(new SpanningTree(source, parentArc));
    }

    /** Whether node {@code v} has a free arc out (or, if {@code in}, in). */
    private boolean hasFreeArc(int v, boolean in, FreeArcs free) {
        for (int i = network.outStart(v), end = network.outStart(v + 1); i < end; i++) {
            int out = network.outArc(i);
            if (free.isFree(in ? Network.reverse(out) : out)) {
                return true;
            }
        }
        return false;
    }

    /** Whether every receiver is connected to the source over live links. */
    static boolean connected(Network network, Group group, FailedLinks failed) {
        return new BreadthFirstTree(network, group, new Pruning(network, group)).grow(new FreeArcs(network, failed)).isPresent();
    }
}

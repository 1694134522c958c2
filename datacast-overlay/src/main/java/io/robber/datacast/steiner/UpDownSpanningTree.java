package io.robber.datacast.steiner;

import io.robber.datacast.topology.Layered;
import io.robber.datacast.topology.Network;
import java.util.Arrays;
import java.util.List;

/**
 * The one spanning tree of a Fattree (§4.1.1, Fig. 4), also used for leaf-spine: an up path from the
 * source to a top switch (each time the lowest-indexed switch above), then every switch of the path,
 * lowest first, and every switch it reaches takes all its children not yet in the tree. O(|V|).
 */
final class UpDownSpanningTree implements SpanningTreeConstruction {
    private final Network network;
    private final Layered layers;

    UpDownSpanningTree(Network network, Layered layers) {
        this.network = network;
        this.layers = layers;
    }

    @Override
    public List<SpanningTree> spanningTrees(int source) {
        int[] parentArc = new int[network.nodeCount()];
        Arrays.fill(parentArc, -1);
        boolean[] inTree = new boolean[network.nodeCount()];
        int[] queue = new int[network.nodeCount()];
        int tail = 0;
        int v = source;
        inTree[v] = true;
        queue[tail++] = v;
        for (int up = upArc(v); up >= 0; up = upArc(v)) {
            v = network.head(up);
            parentArc[v] = up;
            inTree[v] = true;
            queue[tail++] = v;
        }
        for (int head = 0; head < tail; head++) {
            int u = queue[head];
            for (int i = network.outStart(u); i < network.outStart(u + 1); i++) {
                int arc = network.outArc(i);
                int child = network.head(arc);
                if (!inTree[child] && layers.tier(child) > layers.tier(u)) {
                    inTree[child] = true;
                    parentArc[child] = arc;
                    queue[tail++] = child;
                }
            }
        }
        return List.of(new SpanningTree(source, parentArc));
    }

    /** The arc to the lowest-indexed node one tier above {@code v}, or −1 at the top. */
    private int upArc(int v) {
        int best = -1;
        for (int i = network.outStart(v); i < network.outStart(v + 1); i++) {
            int arc = network.outArc(i);
            int w = network.head(arc);
            if (layers.tier(w) < layers.tier(v) && (best < 0 || w < network.head(best))) {
                best = arc;
            }
        }
        return best;
    }
}

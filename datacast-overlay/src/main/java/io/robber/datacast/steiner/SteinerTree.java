package io.robber.datacast.steiner;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import java.util.Arrays;

/**
 * A Steiner tree of a group: the arcs (directed link halves) carrying the source's data to every
 * receiver, each arc entering a different node, from the source outwards. Its depth is the largest
 * number of links between the source and a receiver.
 */
public final class SteinerTree {
    private final int source;
    private final int[] arcs;
    private final int depth;

    SteinerTree(int source, int[] arcs, int depth) {
        this.source = source;
        this.arcs = arcs;
        this.depth = depth;
    }

    public int source() {
        return source;
    }

    /** The tree's arcs, a copy. */
    public int[] arcs() {
        return arcs.clone();
    }

    /** The tree's {@code i}-th arc, without a copy. */
    int arc(int i) {
        return arcs[i];
    }

    /** The number of links the tree uses. */
    public int linkCount() {
        return arcs.length;
    }

    public int depth() {
        return depth;
    }

    /** Whether the tree uses a link that is down. */
    public boolean isBroken(FailedLinks failed) {
        for (int arc : arcs) {
            if (!failed.isLive(arc)) {
                return true;
            }
        }
        return false;
    }

    /** The branching nodes: those forwarding the data on more than one arc (where Datacast caches). */
    public int[] branchingNodes(Network network) {
        int[] children = new int[network.nodeCount()];
        for (int arc : arcs) {
            children[network.tail(arc)]++;
        }
        return java.util.stream.IntStream.range(0, children.length).filter(v -> children[v] > 1).toArray();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SteinerTree other && source == other.source && Arrays.equals(arcs, other.arcs);
    }

    @Override
    public int hashCode() {
        return 31 * source + Arrays.hashCode(arcs);
    }
}

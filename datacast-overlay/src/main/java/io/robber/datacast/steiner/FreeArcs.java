package io.robber.datacast.steiner;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;

/**
 * The arcs a tree may still take while one group's trees are computed: live (their link is up) and
 * not used by another tree. Bit sets over the arcs, one word test per arc.
 */
final class FreeArcs {
    private final long[] dead;
    private final long[] used;

    FreeArcs(Network network, FailedLinks failed) {
        int words = (network.arcCount() + 63) >>> 6;
        dead = new long[words];
        used = new long[words];
        for (int link : failed.links()) {
            for (int arc = 2 * link; arc <= 2 * link + 1; arc++) {
                if (arc < network.arcCount()) {
                    dead[arc >>> 6] |= 1L << arc;
                }
            }
        }
    }

    boolean isFree(int arc) {
        int word = arc >>> 6;
        return ((dead[word] | used[word]) & (1L << arc)) == 0;
    }

    /** Marks the tree's arcs used. */
    void take(SteinerTree tree) {
        for (int i = 0, n = tree.linkCount(); i < n; i++) {
            int arc = tree.arc(i);
            used[arc >>> 6] |= 1L << arc;
        }
    }

    /** Frees the tree's arcs for the next trees. */
    void release(SteinerTree tree) {
        for (int i = 0, n = tree.linkCount(); i < n; i++) {
            int arc = tree.arc(i);
            used[arc >>> 6] &= ~(1L << arc);
        }
    }
}

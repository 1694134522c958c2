package io.robber.datacast.multicast;

/**
 * Told of every multicast packet that reaches a node after its tree was retired there: the node no
 * longer knows the tree's ports, so the copy is not forwarded (a host there still gets it). The
 * protocol decides what to do, e.g. RDCM's overlay repairs it.
 */
@FunctionalInterface
public interface StaleFrames {
    StaleFrames IGNORE = (node, frame) -> { };

    void stale(int node, TreeFrame frame);
}

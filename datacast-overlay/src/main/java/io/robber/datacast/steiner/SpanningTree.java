package io.robber.datacast.steiner;

/**
 * A tree rooted at a source reaching every server of the topology (§4.1.1), before pruning: for
 * each node, the arc its data arrives on, −1 for the source and for the switches the tree leaves out.
 */
public record SpanningTree(int source, int[] parentArc) {
}

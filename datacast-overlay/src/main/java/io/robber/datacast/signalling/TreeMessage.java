package io.robber.datacast.signalling;

/**
 * A signalling message on its way down a transmission tree (§3): the {@code body} for every node,
 * the subtree still to reach, and the arcs from the root to the node it is sent to (so a receiver
 * learns its route up the tree). Sent one hop at a time.
 */
public record TreeMessage(long id, EncodedTree subtree, int[] pathFromRoot, Object body) {
    /** Its size on the wire after a header of {@code headerBytes}: the id, the tree, the path, the body. */
    public int sizeBytes(int headerBytes) {
        return headerBytes + 8 + subtree.sizeBytes() + 4 * pathFromRoot.length + 8;
    }
}

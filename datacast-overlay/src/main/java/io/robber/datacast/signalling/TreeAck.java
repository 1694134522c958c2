package io.robber.datacast.signalling;

/**
 * The acknowledgement of a {@link TreeMessage}, one hop up the transmission tree: sent by a node
 * once its whole subtree, entered over {@code arc}, has the message, with the receivers in it that
 * have. ACKs are aggregated on the way, so the root receives one per child.
 */
public record TreeAck(long id, int arc, int receivers) {
    public int sizeBytes(int headerBytes) {
        return headerBytes + 16;
    }
}

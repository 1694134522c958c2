package io.robber.datacast.signalling;

/**
 * The acknowledgement of a {@link TreeMessage}, one hop up the transmission tree: sent by a node
 * once its whole subtree, entered over {@code arc}, has the message, with the receivers in it that
 * have and the sum of what their listeners answered ({@code tally}, e.g. how many hold a block).
 * ACKs are aggregated on the way, so the root receives one per child.
 */
public record TreeAck(long id, int arc, int receivers, int tally) {
    public int sizeBytes(int headerBytes) {
        return headerBytes + 16;
    }
}

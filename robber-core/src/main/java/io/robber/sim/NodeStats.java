package io.robber.sim;

import io.robber.engine.ProtocolMetrics;
import io.robber.wire.MessageType;
import java.util.EnumMap;
import java.util.Map;

/**
 * What one simulated node did: the engine's own counts (it is the node's {@link ProtocolMetrics})
 * and the traffic the network saw, split by local (same cluster) and global peers.
 */
public final class NodeStats implements ProtocolMetrics {
    long duplicates;
    long stealsTried;
    long stealsSucceeded;
    long stealsUnanswered;
    long piecesStolen;
    long piecesFromLocal;
    long piecesFromGlobal;
    long pieceBytesFromLocal;
    long pieceBytesFromGlobal;
    long controlBytesIn;
    long pieceBytesToLocal;
    long pieceBytesToGlobal;
    long bytesSent;
    long bytesReceived;
    long piecesSent;
    long requestsToLocal;
    long requestsToGlobal;
    long piecesRejected;
    long overdueLooks;
    long piecesAskedAgain;
    final Map<MessageType, Long> messagesSent = new EnumMap<>(MessageType.class);
    final Map<MessageType, Long> messagesRejected = new EnumMap<>(MessageType.class);
    long localCompleteAt = -1;
    long globalCompleteAt = -1;
    String failure;
    String flushFailure;

    @Override
    public void duplicatePiece() {
        duplicates++;
    }

    @Override
    public void stealTried() {
        stealsTried++;
    }

    @Override
    public void stealUnanswered() {
        stealsUnanswered++;
    }

    @Override
    public void stealSucceeded(int pieces) {
        stealsSucceeded++;
        piecesStolen += pieces;
    }

    @Override
    public void requestsOverdue(int pieces) {
        overdueLooks++;
        piecesAskedAgain += pieces;
    }

    /** Looks at a peer that found requests overdue ({@code OverdueRequests}). */
    public long overdueLooks() {
        return overdueLooks;
    }

    /** Overdue pieces asked for again from another peer. */
    public long piecesAskedAgain() {
        return piecesAskedAgain;
    }

    /** Pieces that arrived here and failed their digest check. */
    @Override
    public void messageRejected(MessageType type) {
        messagesRejected.merge(type, 1L, Long::sum);
    }

    /** Messages (or pieces) of {@code type} this node refused because their sender could not have produced them. */
    public long messagesRejected(MessageType type) {
        return messagesRejected.getOrDefault(type, 0L);
    }

    public long piecesRejected() {
        return piecesRejected;
    }

    public long duplicates() {
        return duplicates;
    }

    public long stealsTried() {
        return stealsTried;
    }

    public long stealsUnanswered() {
        return stealsUnanswered;
    }

    public long stealsSucceeded() {
        return stealsSucceeded;
    }

    /** Pieces of work this node obtained by stealing. */
    public long piecesStolen() {
        return piecesStolen;
    }

    /** Pieces received from peers in the same cluster. */
    public long piecesFromLocal() {
        return piecesFromLocal;
    }

    /** Pieces received from peers in other clusters: what this node fetched remotely. */
    public long piecesFromGlobal() {
        return piecesFromGlobal;
    }

    public long pieceBytesFromLocal() {
        return pieceBytesFromLocal;
    }

    public long pieceBytesFromGlobal() {
        return pieceBytesFromGlobal;
    }

    /** Piece payload bytes sent to peers in the same cluster. */
    public long pieceBytesToLocal() {
        return pieceBytesToLocal;
    }

    /** Piece payload bytes sent to peers in other clusters. */
    public long pieceBytesToGlobal() {
        return pieceBytesToGlobal;
    }

    /** Bytes of control messages (everything but pieces) received. */
    public long controlBytesIn() {
        return controlBytesIn;
    }

    /** Bytes of every frame this node sent (pieces with their headers, and control messages). */
    public long bytesSent() {
        return bytesSent;
    }

    /** Bytes of every frame this node received (pieces with their headers, and control messages). */
    public long bytesReceived() {
        return bytesReceived;
    }

    public long piecesSent() {
        return piecesSent;
    }

    public long requestsToLocal() {
        return requestsToLocal;
    }

    /** Pieces this node requested from global peers. */
    public long requestsToGlobal() {
        return requestsToGlobal;
    }

    public long messagesSent(MessageType type) {
        return messagesSent.getOrDefault(type, 0L);
    }

    /** Control messages (everything but pieces) this node's engines sent, all types together. */
    public long messagesSent() {
        return messagesSent.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Virtual time (ns) at which the node held every piece, or -1. */
    public long localCompleteAt() {
        return localCompleteAt;
    }

    /** Virtual time (ns) at which the node learnt that every member holds every piece, or -1. */
    public long globalCompleteAt() {
        return globalCompleteAt;
    }

    /** The reason the operation failed on this node before it held every piece, or null. */
    public String failure() {
        return failure;
    }

    /** Why the group finished without some members (flush fails), after this node held every piece; or null. */
    public String flushFailure() {
        return flushFailure;
    }

    @Override
    public String toString() {
        return "pieces local/global " + piecesFromLocal + "/" + piecesFromGlobal + ", requests local/global "
                + requestsToLocal + "/" + requestsToGlobal + ", steals " + stealsSucceeded + "/" + stealsTried
                + " (" + piecesStolen + " pieces), duplicates " + duplicates + ", complete at "
                + (localCompleteAt < 0 ? "-" : String.format("%.3f s", localCompleteAt / 1e9));
    }
}

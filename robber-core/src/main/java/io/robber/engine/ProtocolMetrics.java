package io.robber.engine;

import io.robber.wire.MessageType;

/** The counts an engine reports; bytes and pieces on the wire are counted by the transport. */
public interface ProtocolMetrics {
    default void duplicatePiece() {
    }

    default void stealTried() {
    }

    /** A steal returned {@code pieces} pieces of work. */
    default void stealSucceeded(int pieces) {
    }

    /** A steal went unanswered past its deadline: the thief gave up on its victim and stole elsewhere. */
    default void stealUnanswered() {
    }

    /** A {@code type} message (or piece) from a peer was refused: its sender could not have produced it. */
    default void messageRejected(MessageType type) {
    }

    /** A request went unanswered past its deadline and {@code pieces} of the overdue pieces were asked for elsewhere. */
    default void requestsOverdue(int pieces) {
    }
}

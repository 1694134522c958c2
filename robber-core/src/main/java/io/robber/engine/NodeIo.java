package io.robber.engine;

import io.robber.wire.Message;

/** What a driver (Netty transport or a simulated network) offers the engines of one node. */
public interface NodeIo {

    void send(int peer, Message message);

    /** As {@link EngineContext#send(int, Message, Runnable)}. */
    void send(int peer, Message message, Runnable sent);

    /**
     * Queues piece {@code piece} of operation {@code op} for {@code peer}; {@code requested} when it
     * answers the peer's request (a peer with too many requests unanswered breaks the protocol), false
     * when the sender pushes it unasked and bounds the queue itself.
     */
    void sendPiece(int peer, int op, int piece, boolean requested);

    /** Drops the connection to a peer that broke the protocol. */
    void disconnect(int peer, String reason);

    Timers timers();

    ProtocolMetrics metrics();
}

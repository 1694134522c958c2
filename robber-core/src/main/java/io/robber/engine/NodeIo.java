package io.robber.engine;

import io.robber.wire.Message;

/** What a driver (Netty transport or a simulated network) offers the engines of one node. */
public interface NodeIo {

    void send(int peer, Message message);

    void sendPiece(int peer, int op, int piece);

    /** Drops the connection to a peer that broke the protocol. */
    void disconnect(int peer, String reason);

    Timers timers();

    ProtocolMetrics metrics();
}

package io.robber.transport;

import io.robber.wire.Message;
import io.robber.wire.PieceFrame;
import io.robber.wire.PieceStart;

/** Events of the links to a node's peers; all called on the node's event loop. */
interface LinkListener {

    void onMessage(int peer, Message message);

    /** A piece frame; the listener owns (and must release) its buffer. */
    void onPiece(int peer, PieceFrame piece);

    /** The header of a piece frame arrived; its data, and then {@link #onPiece}, follow. */
    void onPieceStart(int peer, PieceStart start);

    void onWritable(int peer);

    /** The peer passed the handshake and is connected, for the first time or again after a loss. */
    void onLinkUp(int peer);

    void onLinkDown(int peer);

    /**
     * Nothing at all, not even a keep-alive, arrived from the peer for the failure timeout: it is
     * frozen or cut off. Its connection closes right after, so {@link #onLinkDown} follows.
     */
    void onLinkSilent(int peer);
}

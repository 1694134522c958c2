package io.robber.transport;

import io.robber.wire.Message;
import io.robber.wire.PieceFrame;
import io.robber.wire.PieceStart;
import java.util.ArrayList;
import java.util.List;

/** A {@link LinkListener} that keeps a line for every event it is told of, and releases the pieces. */
final class RecordingLinkListener implements LinkListener {
    private final List<String> events = new ArrayList<>();

    List<String> events() {
        return events;
    }

    @Override
    public void onMessage(int peer, Message message) {
        events.add(peer + ": " + message);
    }

    @Override
    public void onPiece(int peer, PieceFrame piece) {
        events.add(peer + ": piece " + piece.piece());
        piece.data().release();
    }

    @Override
    public void onPieceStart(int peer, PieceStart start) {
        events.add(peer + ": piece " + start.piece() + " starts");
    }

    @Override
    public void onWritable(int peer) {
        events.add(peer + ": writable");
    }

    @Override
    public void onLinkUp(int peer) {
        events.add(peer + ": up");
    }

    @Override
    public void onLinkDown(int peer) {
        events.add(peer + ": down");
    }

    @Override
    public void onLinkSilent(int peer) {
        events.add(peer + ": silent");
    }
}

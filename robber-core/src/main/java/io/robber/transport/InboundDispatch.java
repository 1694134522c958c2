package io.robber.transport;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.engine.Operation;
import io.robber.metrics.RobberMeters;
import io.robber.wire.Message;
import io.robber.wire.PieceFrame;
import io.robber.wire.PieceStart;
import io.robber.wire.WireCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What arrives from a node's peers, on its event loop, handed to the running operation: messages of
 * that operation at once, messages of operations not started yet kept (up to a bound in bytes) until it
 * starts; piece frames checked against the manifest and passed to the {@link PieceStore}; links lost,
 * silent and back.
 */
final class InboundDispatch implements LinkListener {
    private static final Logger LOG = LoggerFactory.getLogger(InboundDispatch.class);

    private final Group group;
    private final String selfId;
    private final Duration failureTimeout;
    private final Operations operations;
    private final NodeDriver driver;
    private final PieceStore store;
    private final RobberMeters meters;
    private final long maxEarlyBytes;
    private final List<Early> early = new ArrayList<>();
    private long earlyBytes;

    private record Early(int peer, Message message, int bytes) {
    }

    InboundDispatch(Group group, String selfId, Duration failureTimeout, Operations operations, NodeDriver driver,
                    PieceStore store, long maxEarlyBytes) {
        this.group = group;
        this.selfId = selfId;
        this.failureTimeout = failureTimeout;
        this.operations = operations;
        this.driver = driver;
        this.store = store;
        this.meters = driver.meters();
        this.maxEarlyBytes = maxEarlyBytes;
    }

    /** Hands {@code started} the messages kept for it, and drops those of earlier operations. */
    void replayEarly(Operation started) {
        int op = started.op();
        Iterator<Early> it = early.iterator();
        List<Early> now = new ArrayList<>();
        while (it.hasNext()) {
            Early e = it.next();
            if (e.message().op() <= op) {
                it.remove();
                earlyBytes -= e.bytes();
                if (e.message().op() == op) {
                    now.add(e);
                }
            }
        }
        now.forEach(e -> started.onMessage(e.peer(), e.message()));
    }

    @Override
    public void onMessage(int peer, Message message) {
        Operation current = operations.running();
        if (current != null && message.op() == current.op()) {
            current.onMessage(peer, message);
        } else if (message.op() > operations.lastStarted()) {
            int bytes = WireCodec.encodedLength(message);
            if (earlyBytes + bytes > maxEarlyBytes) {
                driver.disconnect(peer, "sent more than " + maxEarlyBytes
                        + " bytes of messages (with the others) for operations not started yet");
                return;
            }
            earlyBytes += bytes;
            early.add(new Early(peer, message, bytes));
        }
    }

    @Override
    public void onPiece(int peer, PieceFrame piece) {
        Transfer transfer = driver.transfer();
        if (transfer == null || piece.op() != transfer.op() || operations.running().isFinished()) {
            piece.data().release();
            if (transfer == null || piece.op() > transfer.op()) {
                driver.disconnect(peer, "sent a piece of an operation not started yet");
            }
            return;
        }
        Manifest manifest = transfer.manifest();
        if (piece.piece() >= manifest.pieceCount() || piece.data().readableBytes() != manifest.pieceLength(piece.piece())) {
            int length = piece.data().readableBytes();
            piece.data().release();
            driver.disconnect(peer, "sent piece " + piece.piece() + " with " + length
                    + " bytes, which does not fit the manifest");
            return;
        }
        meters.pieceIn(driver.scope(peer), piece.data().readableBytes());
        if (!operations.running().acceptsPiece(peer, piece.piece())) {
            piece.data().release();
            return;
        }
        store.accept(peer, transfer, piece);
    }

    /** Progress of a piece of the running operation; anything else is left to {@link #onPiece} to judge. */
    @Override
    public void onPieceStart(int peer, PieceStart start) {
        Transfer transfer = driver.transfer();
        if (transfer != null && start.op() == transfer.op() && start.piece() < transfer.manifest().pieceCount()) {
            operations.running().onPieceArriving(peer, start.piece());
        }
    }

    @Override
    public void onWritable(int peer) {
        driver.writable(peer);
    }

    @Override
    public void onLinkUp(int peer) {
        Operation current = operations.running();
        if (current != null) {
            if (!current.isFinished()) {
                LOG.info("{}: member {} is connected again", selfId, group.member(peer).id());
            }
            current.onPeerReconnected(peer);
        }
    }

    @Override
    public void onLinkSilent(int peer) {
        Operation current = operations.running();
        if (current != null && !current.isFinished()) {
            LOG.warn("{}: member {} sent nothing for {} s; declaring it dead", selfId, group.member(peer).id(),
                    failureTimeout.toMillis() / 1000.0);
            current.onPeerSilent(peer);
        }
    }

    @Override
    public void onLinkDown(int peer) {
        driver.linkDown(peer);
        Operation current = operations.running();
        if (current != null && !current.isFinished() && !current.isDead(peer)) {
            LOG.warn("{}: lost connection to member {}; waiting up to {} s for it to come back", selfId,
                    group.member(peer).id(), failureTimeout.toMillis() / 1000.0);
            current.onPeerLost(peer);
        }
    }
}

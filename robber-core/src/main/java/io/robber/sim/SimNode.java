package io.robber.sim;

import io.robber.api.ProtocolException;
import io.robber.engine.NodeIo;
import io.robber.engine.Operation;
import io.robber.engine.OperationListener;
import io.robber.engine.ProtocolMetrics;
import io.robber.engine.Timers;
import io.robber.wire.Message;
import java.util.BitSet;
import java.util.List;

/** One simulated node: the driver side ({@link NodeIo}, {@link OperationListener}) of one operation. */
final class SimNode implements NodeIo, OperationListener {
    final int index;
    final BitSet holds;
    final NodeStats stats = new NodeStats();
    private final SimNetwork network;
    private final Timers timers;
    Operation operation;
    boolean crashed;
    /** Forges messages ({@link SimBuilder#forge}): the run does not wait for it to finish. */
    boolean hostile;
    /** Counted among the finished nodes by the network. */
    boolean counted;

    SimNode(int index, BitSet initial, SimNetwork network) {
        this.index = index;
        this.holds = (BitSet) initial.clone();
        this.network = network;
        this.timers = new Timers() {
            @Override
            public long nanoTime() {
                return network.clock().nanoTime();
            }

            @Override
            public Runnable schedule(long delayNanos, Runnable task) {
                return network.clock().schedule(delayNanos, () -> {
                    if (!crashed) {
                        task.run();
                    }
                });
            }
        };
    }

    boolean finished() {
        return crashed || hostile || stats.failure != null || stats.flushFailure != null || stats.globalCompleteAt >= 0;
    }

    /** What this node holds and waits for, with its statistics: one line of a deadlock or livelock report. */
    String state() {
        return network.id(index) + " (cluster " + network.cluster(index) + "): holds " + holds.cardinality() + "/"
                + network.pieceCount() + ", locally complete " + operation.isLocallyComplete()
                + ", waits for done of " + abbreviate(operation.membersNotDone())
                + ", possession unknown of " + abbreviate(operation.membersWithUnknownPossession()) + "; " + stats;
    }

    private static String abbreviate(List<String> members) {
        return members.size() <= 4 ? members.toString()
                : members.subList(0, 4).toString().replace("]", ", ... " + members.size() + " in all]");
    }

    @Override
    public void send(int peer, Message message) {
        network.transmit(index, peer, message, Route.UNWATCHED);
    }

    @Override
    public void send(int peer, Message message, Runnable sent) {
        network.transmit(index, peer, message, sent);
    }

    @Override
    public void sendPiece(int peer, int op, int piece, boolean requested) {
        if (!holds.get(piece)) {
            throw new AssertionError("member " + network.id(index) + " sends piece " + piece + " to "
                    + network.id(peer) + " but does not hold it");
        }
        network.transmitPiece(index, peer, op, piece);
    }

    @Override
    public void disconnect(int peer, String reason) {
        network.disconnect(index, peer, reason);
    }

    /** The shared virtual clock; a crashed node's timers never fire. */
    @Override
    public Timers timers() {
        return timers;
    }

    @Override
    public ProtocolMetrics metrics() {
        return stats;
    }

    @Override
    public void localComplete() {
        if (holds.cardinality() != network.pieceCount()) {
            throw new AssertionError("member " + network.id(index) + " reports completion holding "
                    + holds.cardinality() + " of " + network.pieceCount() + " pieces");
        }
        stats.localCompleteAt = network.clock().now();
    }

    @Override
    public void globalComplete() {
        stats.globalCompleteAt = network.clock().now();
        network.changed(this);
    }

    @Override
    public void failed(ProtocolException failure) {
        if (stats.localCompleteAt >= 0) {
            stats.flushFailure = failure.getMessage();
        } else {
            stats.failure = failure.getMessage();
        }
        network.changed(this);
    }
}

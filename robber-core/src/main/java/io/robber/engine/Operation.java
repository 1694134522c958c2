package io.robber.engine;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.PlacementException;
import io.robber.api.ProtocolException;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * One multicast operation on one node, independent of the protocol. It wraps the engine its
 * {@link ProtocolPlan} makes and adds the group-wide parts every protocol needs:
 * <ul>
 *   <li>the flood of every member's initial possession ({@link PossessionFlood}), checked against
 *       the plan once complete;</li>
 *   <li>the flood of the set of members that are done ({@link DoneFlood});</li>
 *   <li>both in batches ({@link Gossip}), so that each link carries a few of their messages, not
 *       one per member;</li>
 *   <li>member failure: a neighbour whose connection stays lost, or silent, for the failure timeout is declared
 *       dead and that is flooded too ({@link MemberFailureHandler}, {@link MemberFailures}; also sent by a
 *       node that gives up). The
 *       operation finishes when every member it can still reach is done or dead; dead members that
 *       were not done make it fail group-wide, naming them, while each survivor's own data is
 *       complete. The engine hears of deaths to re-take the dead members' work.</li>
 * </ul>
 * A lost neighbour that reconnects is resynchronised: it gets every flood again and the engine
 * greets it afresh. Messages are bounds-checked here (and the protocol's own messages decoded by its
 * codec) before the engine sees them; the floods' messages go to the {@link FloodReceiver}. The
 * operation coordinates these parts and decides when it is complete, finished or failed.
 * Single-threaded and sans-IO.
 */
public final class Operation {
    private final Group group;
    private final int self;
    private final Manifest manifest;
    private final ProtocolPlan plan;
    private final List<Integer> neighbours;
    private final NodeIo io;
    private final OperationListener listener;
    private final MemberFailures failures;
    private final PossessionFlood possessions;
    private final DoneFlood done;
    private final Rejections rejections;
    private final MemberFailureHandler failureHandler;
    private final FloodReceiver floods;
    private final OperationContext context;
    private boolean collectivePossessionAnnounced;
    private boolean groupPossessionAnnounced;
    private ProtocolEngine engine;
    private boolean finished;

    public Operation(int op, Group group, int self, Manifest manifest, ProtocolPlan plan, Duration failureTimeout,
                     NodeIo io, OperationListener listener, RandomGenerator random) {
        this(op, group, self, manifest, plan, failureTimeout, BadPieces.DEFAULT_LIMIT, io, listener, random);
    }

    /**
     * As above, with {@code badPieceLimit}: the pieces failing their digest after which a sender is
     * banned ({@link BadPieces}).
     */
    public Operation(int op, Group group, int self, Manifest manifest, ProtocolPlan plan, Duration failureTimeout,
                     int badPieceLimit, NodeIo io, OperationListener listener, RandomGenerator random) {
        BadPieces badPieces = new BadPieces(group, manifest, badPieceLimit);
        this.group = group;
        this.self = self;
        this.manifest = manifest;
        this.plan = plan;
        this.neighbours = plan.graph().neighbours(self);
        this.io = io;
        this.listener = listener;
        FloodOrigins origins = new FloodOrigins(group, plan.graph());
        this.failures = new MemberFailures(op, group, self, plan.graph(), io.timers(), failureTimeout,
                new Flooding(self, plan.graph(), origins, io));
        this.rejections = new Rejections(group, self, io.timers(), io.metrics());
        this.possessions = new PossessionFlood(op, group, self, manifest, neighbours, origins, io);
        this.done = new DoneFlood(op, group, self, neighbours, origins, io);
        this.failureHandler = new MemberFailureHandler(this, group, self, neighbours, failures, badPieces,
                possessions, io);
        this.floods = new FloodReceiver(this, group, self, possessions, done, origins, rejections, failures,
                failureHandler);
        this.context = new OperationContext(op, group, self, manifest, neighbours, plan.messageCodec(), io, random,
                rejections, failureTimeout, this, failureHandler);
    }

    public int op() {
        return context.op();
    }

    /** Starts the operation holding {@code possession}; neighbours have the failure timeout to start theirs. */
    public void start(BitSet possession) {
        start(possession, Duration.ZERO);
    }

    /**
     * Starts the operation holding {@code possession}. A neighbour that has not started its own (its
     * possession, which every member floods first, has not been heard of) within {@code grace} plus the
     * failure timeout is declared dead, so that a member that connects but never starts cannot stall
     * its cluster; {@code grace} is how long an honest member may still be waiting for its own
     * neighbours to connect (a transport's connect timeout) before it starts or gives up.
     */
    public void start(BitSet possession, Duration grace) {
        failureHandler.awaitStart(grace);
        startEngine(possession);
    }

    private void startEngine(BitSet possession) {
        if (possession.length() > manifest.pieceCount()) {
            throw new IllegalArgumentException("possession names piece " + (possession.length() - 1)
                    + " but the data set has " + manifest.pieceCount() + " pieces");
        }
        BitSet own = (BitSet) possession.clone();
        possessions.recordOwn(self, own);
        checkPossessions();
        engine = plan.newEngine(context, own);
        engine.start();
        announceCollectivePossession();
        announceGroupPossession();
        if (!finished && own.cardinality() == manifest.pieceCount()) {
            completeLocally();
        }
    }

    /** Whether {@code member} is known to hold every piece, in the flood of done members. */
    boolean isDone(int member) {
        return done.isDone(member);
    }

    /** Whether this node holds every piece: it is done, in the flood of done members. */
    public boolean isLocallyComplete() {
        return isDone(self);
    }

    /** Whether {@code member} has been declared dead in this operation, here or by the group. */
    public boolean isDead(int member) {
        return failures.isDead(member);
    }

    public boolean isFinished() {
        return finished;
    }

    /** The protocol's engine; null before {@link #start}. */
    ProtocolEngine engine() {
        return engine;
    }

    /**
     * A message of this operation from a neighbour. Floods are relayed even after the end; news in them
     * that the neighbour could not have produced is refused ({@link FloodReceiver}).
     */
    public void onMessage(int peer, Message message) {
        Optional<String> violation = MessageBounds.check(message, manifest.pieceCount(), group.size());
        if (violation.isPresent()) {
            io.disconnect(peer, violation.get());
            return;
        }
        if (message instanceof Message.Done d) {
            floods.onDone(peer, d);
        } else if (message instanceof Message.Dead d) {
            floods.onDead(peer, d);
        } else if (finished) {
            return;
        } else if (message instanceof Message.Possession p) {
            floods.onPossession(peer, p);
        } else if (failures.isDead(peer)) {
            return;
        } else if (message instanceof Message.ProtocolMessage own) {
            onOwnMessage(peer, own);
        } else {
            engine.onMessage(peer, message);
        }
    }

    /** The protocol's own message: decoded by its codec; one that does not decode disconnects its sender. */
    private void onOwnMessage(int peer, Message.ProtocolMessage message) {
        Optional<MessageCodec<?>> codec = plan.messageCodec();
        if (codec.isEmpty()) {
            io.disconnect(peer, "sent a protocol message, but this protocol has no messages of its own");
            return;
        }
        Object decoded;
        try {
            decoded = codec.get().decode(message.payload(), manifest.pieceCount());
        } catch (RuntimeException e) {
            io.disconnect(peer, "sent a protocol message that does not decode: " + e.getMessage());
            return;
        }
        engine.onOwnMessage(peer, decoded);
    }

    /**
     * Whether piece {@code piece}, arriving from {@code peer}, may be taken (before its digest is
     * checked): the engine asked {@code peer} for it, or the protocol pushes. A piece nobody asked for
     * is refused, counted and logged, and must be dropped unhashed.
     */
    public boolean acceptsPiece(int peer, int piece) {
        if (engine == null || engine.expects(peer, piece)) {
            return true;
        }
        rejections.reject(peer, MessageType.PIECE, "piece " + piece + " was not requested from it");
        return false;
    }

    /**
     * The first bytes of {@code piece} from {@code peer} arrived: progress, as for a whole piece, for
     * the watch that gives up when nothing arrives, and for the engine's view of that peer.
     */
    public void onPieceArriving(int peer, int piece) {
        if (!finished) {
            failures.progress();
            engine.onPieceArriving(peer, piece);
        }
    }

    public void onPieceReceived(int peer, int piece) {
        if (!finished) {
            failures.progress();
            engine.onPieceReceived(peer, piece);
        }
    }

    /**
     * A piece from {@code peer} failed its digest check: the engine asks for it again, unless the
     * sender has now sent too many bad pieces (it is banned: disconnected and declared dead, so its
     * work goes elsewhere) or is the piece's only source (this node fails, naming the piece).
     */
    public void onPieceRejected(int peer, int piece) {
        failureHandler.pieceRejected(peer, piece);
    }

    /** Pieces from {@code member} that failed their digest check in this operation. */
    public int badPieces(int member) {
        return failureHandler.badPieces(member);
    }

    /** The connection to a neighbour is down; it is declared dead unless it is back within the failure timeout. */
    public void onPeerLost(int peer) {
        failureHandler.lost(peer);
    }

    /**
     * A neighbour whose connection is up sent nothing at all, not even a keep-alive, for the failure
     * timeout: it is declared dead at once, as if its connection had been lost that long.
     */
    public void onPeerSilent(int peer) {
        failureHandler.silent(peer);
    }

    /**
     * Another source (the application, e.g. a rendezvous coordinator) says {@code member} is gone: it
     * is declared dead at once and the group is told, as if its connection had been lost for the
     * failure timeout.
     */
    public void declareDead(int member, String reason) {
        failureHandler.declareDead(member, reason);
    }

    /** A lost neighbour is connected again: it hears every flood again and, unless dead, the engine resynchronises. */
    public void onPeerReconnected(int peer) {
        failures.reconnected(peer);
        possessions.resend(peer);
        done.resend(peer);
        failures.resend(peer);
        if (!finished && !failures.isDead(peer)) {
            engine.onPeerReconnected(peer);
        }
    }

    /**
     * This node leaves the operation, its channel closes: unfinished, it tells the group not to wait for
     * it; either way, the done members it learnt but has not passed on yet leave now, with it done among
     * them when it finished.
     */
    public void leave(String reason) {
        if (!finished) {
            fail(reason);
        }
        done.sendPending();
    }

    /** The operation cannot succeed on this node, e.g. its storage failed: it gives up and tells the group. */
    public void fail(String reason) {
        giveUp(new ProtocolException(reason));
    }

    /** New possessions were learnt: the collective's may now be complete, and every member's. */
    void possessionsLearnt() {
        announceCollectivePossession();
        checkPossessions();
    }

    /** Once every member's possession is known: checks them against the plan, and judges the early bad pieces. */
    private void checkPossessions() {
        if (possessions.complete()) {
            plan.checkPossession(possessions.all(), manifest.pieceCount())
                    .ifPresent(reason -> giveUp(new PlacementException(reason)));
            if (!finished && engine != null) {
                failureHandler.settleBadPieces();
            }
            announceGroupPossession();
        }
    }

    /**
     * Tells the engine, once, what its collective held at the start: as soon as every member of the
     * collective has been heard of or declared dead (a dead member's pieces are out of reach anyway).
     */
    void announceCollectivePossession() {
        if (collectivePossessionAnnounced || engine == null || finished) {
            return;
        }
        possessions.heldByCollective(self, failures::isDead).ifPresent(held -> {
            collectivePossessionAnnounced = true;
            engine.onCollectivePossession(held);
        });
    }

    /** Tells the engine, once every member's possession is known, what they held at the start; once. */
    private void announceGroupPossession() {
        if (!groupPossessionAnnounced && collectivePossessionAnnounced && !finished && possessions.complete()) {
            groupPossessionAnnounced = true;
            engine.onGroupPossession(possessions.all());
        }
    }

    /** This node holds every piece: it tells its listener and the group. */
    void completeLocally() {
        if (isLocallyComplete() || finished) {
            return;
        }
        listener.localComplete();
        done.markDone(self);
        checkFinished();
    }

    /** Done when this node is, and every member it can still reach is done or dead. */
    void checkFinished() {
        if (finished || !isLocallyComplete()) {
            return;
        }
        BitSet reachable = failures.reachable();
        BitSet missing = done.notDone();
        for (int m = missing.nextSetBit(0); m >= 0; m = missing.nextSetBit(m + 1)) {
            if (!failures.isDead(m) && reachable.get(m)) {
                return;
            }
        }
        finish();
        if (missing.isEmpty()) {
            listener.globalComplete();
        } else {
            listener.failed(new ProtocolException(failures.describe(missing)));
        }
    }

    /** This node's operation cannot succeed: it stops and tells the group not to wait for it. */
    private void giveUp(ProtocolException failure) {
        if (finished) {
            return;
        }
        finish();
        listener.failed(failure);
        failureHandler.recordDeath(self, failure.getMessage(), -1);
    }

    private void finish() {
        finished = true;
        failures.stop();
        if (engine != null) {
            engine.stop();
        }
    }

    /** Members whose possession this node has not heard of yet (for diagnostics). */
    public List<String> membersWithUnknownPossession() {
        return possessions.unknown();
    }

    /** Members not known to be done (for diagnostics). */
    public List<String> membersNotDone() {
        return done.pending();
    }
}

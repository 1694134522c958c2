package io.robber.engine;

import io.robber.api.ProtocolOptions;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.PlacementException;
import io.robber.api.ProtocolException;
import io.robber.wire.Message;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * One multicast operation on one node, independent of the protocol. It wraps the protocol's engine
 * and adds the group-wide parts every protocol needs:
 * <ul>
 *   <li>a flood of every member's initial possession, so that each node checks the protocol's
 *       precondition (for Robber: a root collective, §3.3.2) and that all members multicast the
 *       same data set, and fails fast instead of hanging;</li>
 *   <li>a flood of the set of members that are done, so that {@code flush()} returns only when the
 *       whole group holds everything (the paper's done/stop only covers direct neighbours);</li>
 *   <li>member failure: a neighbour whose connection stays lost for the failure timeout is declared
 *       dead and that is flooded too ({@link Message.Dead}, also sent by a node that gives up). The
 *       operation finishes when every member it can still reach is done or dead; dead members that
 *       were not done make it fail group-wide, naming them, while each survivor's own data is
 *       complete. The engine hears of deaths to re-take the dead members' work ({@link MemberFailures}).</li>
 * </ul>
 * A lost neighbour that reconnects is resynchronised: it gets every flood again and the engine
 * greets it afresh. Messages are bounds-checked here before the engine sees them. Single-threaded
 * and sans-IO.
 */
public final class Operation implements EngineContext {
    private final int op;
    private final Group group;
    private final int self;
    private final Manifest manifest;
    private final Protocol protocol;
    private final PeerGraph graph;
    private final ProtocolOptions options;
    private final List<Integer> neighbours;
    private final NodeIo io;
    private final OperationListener listener;
    private final RandomGenerator random;
    private final MemberFailures failures;
    private final BitSet[] possessions;
    private int possessionsKnown;
    private boolean collectivePossessionAnnounced;
    private final BitSet done = new BitSet();
    private ProtocolEngine engine;
    private boolean localComplete;
    private boolean finished;

    public Operation(int op, Group group, int self, Manifest manifest, Protocol protocol, PeerGraph graph,
                     ProtocolOptions options, Duration failureTimeout, NodeIo io, OperationListener listener,
                     RandomGenerator random) {
        this.op = op;
        this.group = group;
        this.self = self;
        this.manifest = manifest;
        this.protocol = protocol;
        this.graph = graph;
        this.options = options;
        this.neighbours = graph.neighbours(self);
        this.io = io;
        this.listener = listener;
        this.random = random;
        this.failures = new MemberFailures(group, self, graph, io.timers(), failureTimeout);
        this.possessions = new BitSet[group.size()];
    }

    public int op() {
        return op;
    }

    /** Starts the operation holding {@code possession}. */
    public void start(BitSet possession) {
        if (possession.length() > manifest.pieceCount()) {
            throw new IllegalArgumentException("possession names piece " + (possession.length() - 1)
                    + " but the data set has " + manifest.pieceCount() + " pieces");
        }
        BitSet own = (BitSet) possession.clone();
        recordPossession(self, own, -1);
        engine = protocol.newEngine(this, graph, options, own);
        engine.start();
        announceCollectivePossession();
        if (!finished && own.cardinality() == manifest.pieceCount()) {
            completed();
        }
    }

    public boolean isLocallyComplete() {
        return localComplete;
    }

    public boolean isFinished() {
        return finished;
    }

    /** A message of this operation from a neighbour. Floods are relayed even after the end. */
    public void onMessage(int peer, Message message) {
        Optional<String> violation = MessageBounds.check(message, manifest.pieceCount(), group.size());
        if (violation.isPresent()) {
            io.disconnect(peer, violation.get());
            return;
        }
        if (message instanceof Message.Done d) {
            onDone(d.members());
        } else if (message instanceof Message.Dead d) {
            recordDeath(d.member(), d.reason(), peer);
        } else if (finished) {
            return;
        } else if (message instanceof Message.Possession p) {
            onPossession(peer, p);
        } else if (!failures.isDead(peer)) {
            engine.onMessage(peer, message);
        }
    }

    public void onPieceReceived(int peer, int piece) {
        if (!finished) {
            failures.progress();
            engine.onPieceReceived(peer, piece);
        }
    }

    public void onPieceRejected(int peer, int piece) {
        if (!finished) {
            engine.onPieceRejected(peer, piece);
        }
    }

    /** The connection to a neighbour is down; it is declared dead unless it is back within the failure timeout. */
    public void onPeerLost(int peer) {
        if (finished || failures.isDead(peer)) {
            return;
        }
        engine.onPeerLost(peer);
        failures.lost(peer, () -> recordDeath(peer, failures.lossReason(), -1));
    }

    /** A lost neighbour is connected again: it hears every flood again and, unless dead, the engine resynchronises. */
    public void onPeerReconnected(int peer) {
        failures.reconnected(peer);
        for (int origin = 0; origin < possessions.length; origin++) {
            if (possessions[origin] != null) {
                io.send(peer, new Message.Possession(op, origin, manifest.rootDigest(), possessions[origin]));
            }
        }
        io.send(peer, new Message.Done(op, (BitSet) done.clone()));
        BitSet dead = failures.dead();
        for (int m = dead.nextSetBit(0); m >= 0; m = dead.nextSetBit(m + 1)) {
            io.send(peer, new Message.Dead(op, m, failures.reason(m)));
        }
        if (!finished && !failures.isDead(peer)) {
            engine.onPeerReconnected(peer);
        }
    }

    /** This node leaves the operation, e.g. its channel closes: the group is told not to wait for it. */
    public void abandon(String reason) {
        giveUp(new ProtocolException(reason));
    }

    private void onPossession(int peer, Message.Possession p) {
        if (!Arrays.equals(p.rootDigest(), manifest.rootDigest())) {
            fail("member " + group.member(p.origin()).id() + " multicasts data set "
                    + HexFormat.of().formatHex(p.rootDigest()).substring(0, 12) + " but this node has "
                    + manifest.rootDigestHex().substring(0, 12) + ": every member must pass the same manifest");
            return;
        }
        recordPossession(p.origin(), p.pieces(), peer);
    }

    private void recordPossession(int origin, BitSet pieces, int from) {
        if (possessions[origin] != null) {
            return;
        }
        possessions[origin] = pieces;
        possessionsKnown++;
        Message.Possession flood = new Message.Possession(op, origin, manifest.rootDigest(), pieces);
        for (int n : neighbours) {
            if (n != from) {
                io.send(n, flood);
            }
        }
        if (group.sameCluster(origin, self)) {
            announceCollectivePossession();
        }
        if (possessionsKnown == group.size()) {
            protocol.checkPossession(group, graph, options, Arrays.asList(possessions), manifest.pieceCount())
                    .ifPresent(reason -> giveUp(new PlacementException(reason)));
        }
    }

    /**
     * Tells the engine, once, what its collective held at the start: as soon as every member of the
     * collective has been heard of or declared dead (a dead member's pieces are out of reach anyway).
     */
    private void announceCollectivePossession() {
        if (collectivePossessionAnnounced || engine == null || finished) {
            return;
        }
        BitSet held = new BitSet();
        for (int m : group.collectiveOf(self)) {
            if (possessions[m] != null) {
                held.or(possessions[m]);
            } else if (!failures.isDead(m)) {
                return;
            }
        }
        collectivePossessionAnnounced = true;
        engine.onCollectivePossession(held);
    }

    private void onDone(BitSet members) {
        BitSet news = (BitSet) members.clone();
        news.andNot(done);
        if (!news.isEmpty()) {
            done.or(members);
            floodDone();
        }
    }

    private void floodDone() {
        Message.Done message = new Message.Done(op, (BitSet) done.clone());
        for (int n : neighbours) {
            io.send(n, message);
        }
        checkFinished();
    }

    /**
     * Learns (from {@code from}, or locally when -1) that {@code member} is dead, and floods it. The
     * engine re-takes its work; a node that is itself declared dead before it holds everything gives
     * up, since the others no longer serve it.
     */
    private void recordDeath(int member, String reason, int from) {
        if (!failures.record(member, reason)) {
            return;
        }
        Message.Dead flood = new Message.Dead(op, member, reason);
        for (int n : neighbours) {
            if (n != from) {
                io.send(n, flood);
            }
        }
        if (finished) {
            return;
        }
        if (member == self) {
            if (!localComplete) {
                giveUp(new ProtocolException("member " + group.member(self).id()
                        + " was declared dead by the group: " + reason));
            }
            return;
        }
        if (neighbours.contains(member)) {
            engine.onPeerLost(member);
        }
        announceCollectivePossession();
        engine.onMembersDead(failures.dead());
        if (!localComplete) {
            failures.watch(() -> {
                if (!localComplete) {
                    giveUp(new ProtocolException(failures.describe(failures.dead()) + "; no piece arrived here for "
                            + failures.seconds() + " since, so the rest of the data is out of reach"));
                }
            });
        }
        checkFinished();
    }

    /** Done when this node is, and every member it can still reach is done or dead. */
    private void checkFinished() {
        if (finished || !done.get(self)) {
            return;
        }
        BitSet reachable = failures.reachable();
        BitSet missing = new BitSet();
        for (int m = done.nextClearBit(0); m < group.size(); m = done.nextClearBit(m + 1)) {
            if (!failures.isDead(m) && reachable.get(m)) {
                return;
            }
            missing.set(m);
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
        recordDeath(self, failure.getMessage(), -1);
    }

    private void finish() {
        finished = true;
        failures.stop();
        if (engine != null) {
            engine.stop();
        }
    }

    // ---- EngineContext ----

    @Override
    public int self() {
        return self;
    }

    @Override
    public Group group() {
        return group;
    }

    @Override
    public Manifest manifest() {
        return manifest;
    }

    @Override
    public List<Integer> neighbours() {
        return neighbours;
    }

    @Override
    public void send(int peer, Message message) {
        io.send(peer, message);
    }

    @Override
    public void sendPiece(int peer, int piece) {
        io.sendPiece(peer, op, piece, true);
    }

    @Override
    public void pushPiece(int peer, int piece) {
        io.sendPiece(peer, op, piece, false);
    }

    @Override
    public void completed() {
        if (localComplete || finished) {
            return;
        }
        localComplete = true;
        listener.localComplete();
        done.set(self);
        floodDone();
    }

    @Override
    public void fail(String reason) {
        giveUp(new ProtocolException(reason));
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public Timers timers() {
        return io.timers();
    }

    @Override
    public ProtocolMetrics metrics() {
        return io.metrics();
    }

    /** Members whose possession this node has not heard of yet (for diagnostics). */
    public List<String> membersWithUnknownPossession() {
        List<String> unknown = new ArrayList<>();
        for (int i = 0; i < possessions.length; i++) {
            if (possessions[i] == null) {
                unknown.add(group.member(i).id());
            }
        }
        return unknown;
    }

    /** Members not known to be done (for diagnostics). */
    public List<String> membersNotDone() {
        List<String> pending = new ArrayList<>();
        for (int i = 0; i < group.size(); i++) {
            if (!done.get(i)) {
                pending.add(group.member(i).id());
            }
        }
        return pending;
    }
}

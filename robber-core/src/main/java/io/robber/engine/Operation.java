package io.robber.engine;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.PlacementException;
import io.robber.api.ProtocolException;
import io.robber.wire.Message;
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
 *       whole group holds everything (the paper's done/stop only covers direct neighbours).</li>
 * </ul>
 * Messages are bounds-checked here before the engine sees them. Single-threaded and sans-IO.
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
    private final BitSet[] possessions;
    private int possessionsKnown;
    private final BitSet done = new BitSet();
    private ProtocolEngine engine;
    private boolean localComplete;
    private boolean finished;

    public Operation(int op, Group group, int self, Manifest manifest, Protocol protocol, PeerGraph graph,
                     ProtocolOptions options, NodeIo io, OperationListener listener, RandomGenerator random) {
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
        if (possessionsKnown == group.size() && !finished) {
            engine.onGroupPossession(Arrays.asList(possessions));
        }
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

    /** A message of this operation from a neighbour. */
    public void onMessage(int peer, Message message) {
        if (finished && !(message instanceof Message.Done)) {
            return;
        }
        Optional<String> violation = MessageBounds.check(message, manifest.pieceCount(), group.size());
        if (violation.isPresent()) {
            io.disconnect(peer, violation.get());
            return;
        }
        if (message instanceof Message.Possession p) {
            onPossession(peer, p);
        } else if (message instanceof Message.Done d) {
            onDone(d.members());
        } else {
            engine.onMessage(peer, message);
        }
    }

    public void onPieceReceived(int peer, int piece) {
        if (!finished) {
            engine.onPieceReceived(peer, piece);
        }
    }

    public void onPieceRejected(int peer, int piece) {
        if (!finished) {
            engine.onPieceRejected(peer, piece);
        }
    }

    public void onPeerLost(int peer) {
        if (!finished) {
            engine.onPeerLost(peer);
        }
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
        if (possessionsKnown == group.size()) {
            protocol.checkPossession(group, graph, Arrays.asList(possessions), manifest.pieceCount())
                    .ifPresent(reason -> fail(new PlacementException(reason)));
            if (engine != null && !finished) {
                engine.onGroupPossession(Arrays.asList(possessions));
            }
        }
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
        if (done.cardinality() == group.size() && !finished) {
            finished = true;
            listener.globalComplete();
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
        io.sendPiece(peer, op, piece);
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
        fail(new ProtocolException(reason));
    }

    private void fail(ProtocolException failure) {
        if (!finished) {
            finished = true;
            listener.failed(failure);
        }
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

package io.robber.sim;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.engine.Operation;
import io.robber.engine.PeerGraph;
import io.robber.engine.Protocol;
import io.robber.engine.ProtocolPlan;
import io.robber.engine.Protocols;
import io.robber.wire.Message;
import io.robber.wire.WireCodec;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * A deterministic virtual-time network of N nodes running one multicast operation with a chosen
 * {@link Protocol}. Every directed node pair is a FIFO {@link Route} of a {@link Topology}: by default
 * a private {@link Link} (bandwidth, latency) per pair from a {@link LinkModel}, or
 * {@link SharedRoute}s whose links several pairs share. Control messages cost their encoded size
 * ({@link WireCodec#encodedLength}, computed without encoding) and arrive as independent copies
 * ({@link SimMessages#copy}); a piece costs its length plus the piece header and carries no data
 * (storage is virtual, every piece counts as verified). Pieces leave a node as the real transport lets
 * them ({@link PieceSending}: two per connection on their way, the rest waiting at the sender), so
 * control messages overtake waiting pieces but not those two; an engine that asks is told when its
 * message has left the sender's links. Connection state is kept per neighbour, so
 * memory grows with the peer graph's edges, not with the square of the group.
 *
 * <p>Failures can be scheduled: a node crashes at a given time (its neighbours lose their
 * connections to it at once and it never comes back) or freezes (its connections stay up, nothing
 * comes from it again, and after the failure timeout its neighbours notice the silence), never
 * starts the operation (its connections stay up, nothing comes from it and what reaches it is lost),
 * or the connection between two nodes is down for a while (both ends lose it, then both get it back
 * with nothing in flight). Members may misbehave: send corrupt pieces, never answer requests (mute)
 * or steals, or announce pieces they lack (lying).
 *
 * <p>{@link #run()} processes events until every node has finished (global completion or failure)
 * or crashed, and fails with an {@link AssertionError} on a deadlock (no events left, nodes
 * unfinished) or when the event or time bound is exceeded (e.g. a livelock).
 */
public final class SimNetwork {
    static final int OP = 1;

    private final Group group;
    private final Manifest manifest;
    private final PeerGraph graph;
    private final long maxEvents;
    private final long maxTimeNanos;
    private final VirtualClock clock = new VirtualClock();
    private final List<SimNode> nodes = new ArrayList<>();
    private final Topology links;
    private final Connections connections;
    private final PieceSending sending;
    private final List<String> disconnects = new ArrayList<>();
    private final WanTraffic wan;
    private final long sampleNanos;
    private final PieceTrace trace;
    private final BitSet corrupting;
    private final BitSet neverStarting;
    private final BitSet mute;
    private final BitSet lying;
    private final BitSet ignoringSteals;
    private int finished;
    private boolean ran;

    SimNetwork(SimBuilder b) {
        this.group = b.group;
        this.manifest = b.manifest;
        this.maxEvents = b.maxEvents;
        this.maxTimeNanos = b.maxTimeNanos;
        this.trace = b.trace;
        this.corrupting = (BitSet) b.corrupting.clone();
        this.neverStarting = (BitSet) b.neverStarting.clone();
        this.mute = (BitSet) b.mute.clone();
        this.lying = (BitSet) b.lying.clone();
        this.ignoringSteals = (BitSet) b.ignoringSteals.clone();
        this.graph = openOperations(b);
        this.links = b.links == null ? LinkModel.lanWan(group) : b.links;
        this.connections = new Connections(group, graph, links);
        this.sending = new PieceSending(
                IntStream.range(0, group.size()).map(m -> graph.neighbours(m).size()).toArray());
        this.wan = new WanTraffic(group, graph, nodes.stream().map(node -> node.holds).toList());
        this.sampleNanos = b.sampleNanos;
        b.crashes.forEach((member, at) -> clock.at(at, () -> crash(member)));
        b.freezes.forEach((member, at) -> {
            clock.at(at, () -> freeze(member));
            clock.at(at + b.failureTimeout.toNanos(), () -> silent(member));
        });
        for (SimBuilder.Forgery f : b.forgeries) {
            nodes.get(f.from()).hostile = true;
            clock.at(f.atNanos(), () -> forge(f));
        }
        for (long[] o : b.outages) {
            clock.at(o[2], () -> outage((int) o[0], (int) o[1]));
            clock.at(o[3], () -> restore((int) o[0], (int) o[1]));
        }
    }

    /**
     * The one place that speaks the protocol SPI: the group's plan, then one node per member
     * with its operation. Returns the peer graph.
     */
    private PeerGraph openOperations(SimBuilder b) {
        ProtocolPlan plan = Protocols.plan(b.protocol, group, b.options);
        for (int i = 0; i < group.size(); i++) {
            SimNode node = new SimNode(i, b.possession.apply(i), this);
            node.operation = new Operation(OP, group, i, manifest, plan, b.failureTimeout, b.badPieceLimit, node, node,
                    new SplittableRandom(b.seed * 0x9E3779B97F4A7C15L + i));
            nodes.add(node);
        }
        return plan.graph();
    }

    public static SimBuilder builder(Group group, Protocol protocol) {
        return new SimBuilder(group, protocol);
    }

    /** Runs the operation to the end; a run happens once. */
    public SimResult run() {
        if (ran) {
            throw new IllegalStateException("a SimNetwork runs once; build a new one");
        }
        ran = true;
        nodes.forEach(this::changed);
        links.start(clock);
        for (SimNode node : nodes) {
            if (neverStarting.get(node.index)) {
                node.crashed = true;
                changed(node);
            } else {
                node.operation.start(node.holds);
            }
        }
        if (sampleNanos > 0) {
            clock.schedule(sampleNanos, this::sample);
        }
        while (finished < nodes.size()) {
            if (clock.idle()) {
                throw new AssertionError("deadlock at " + seconds(clock.now()) + ": no events left but "
                        + unfinished().size() + " of " + nodes.size() + " nodes unfinished:\n" + describe(unfinished()));
            }
            if (clock.executed() >= maxEvents || clock.nextTime() > maxTimeNanos) {
                throw new AssertionError("run exceeded its bound (" + maxEvents + " events, " + seconds(maxTimeNanos)
                        + ") at " + seconds(clock.now()) + " after " + clock.executed()
                        + " events, suspect a livelock; unfinished nodes:\n" + describe(unfinished()));
            }
            clock.step();
        }
        return new SimResult(group, manifest, graph, nodes, clock.now(), clock.executed(), disconnects, wan);
    }

    /** Samples the global connections, and again after {@code sampleNanos} while anything else is due. */
    private void sample() {
        wan.sample(nodes, sampleNanos);
        if (!clock.idle()) {
            clock.schedule(sampleNanos, this::sample);
        }
    }

    // ---- transport, called by SimNode ----

    /** {@code sent} runs when the message has left {@code from}'s links, unless {@code from} stopped or the connection broke. */
    void transmit(int from, int to, Message message, Runnable sent) {
        int slot = connections.slot(from, to, message.type().toString());
        if (lying.get(from) && message instanceof Message.Bitfield b) {
            BitSet everything = new BitSet();
            everything.set(0, manifest.pieceCount());
            message = new Message.Bitfield(b.op(), everything);
        }
        int bytes = WireCodec.encodedLength(message);
        Message copy = SimMessages.copy(message);
        SimNode sender = nodes.get(from);
        sender.stats.messagesSent.merge(message.type(), 1L, Long::sum);
        if (message instanceof Message.Request r) {
            trace.requested(clock.now(), from, to, r.piece());
            if (group.sameCluster(from, to)) {
                sender.stats.requestsToLocal++;
            } else {
                sender.stats.requestsToGlobal++;
            }
        }
        if (connections.broken(from, slot)) {
            return;
        }
        if (message instanceof Message.Request r) {
            wan.requested(from, to, r.piece());
        }
        sender.stats.bytesSent += bytes;
        int epoch = connections.epoch(from, slot);
        Runnable left = sent == Route.UNWATCHED ? Route.UNWATCHED : () -> {
            if (!connections.lost(from, slot, epoch) && !sender.crashed) {
                sent.run();
            }
        };
        connections.route(from, to, slot).send(clock, bytes, left, () -> deliver(from, to, slot, epoch, copy, bytes));
    }

    void transmitPiece(int from, int to, int op, int piece) {
        int slot = connections.slot(from, to, "piece");
        nodes.get(from).stats.piecesSent++;
        if (connections.broken(from, slot)) {
            return;
        }
        int epoch = connections.epoch(from, slot);
        if (sending.start(from, slot, epoch, piece)) {
            put(from, to, slot, epoch, piece);
        }
    }

    /**
     * A piece goes onto its connection; when it has left the sender, the next waiting one follows. Its
     * header reaches the receiver one latency later, as a real stream's first bytes would: the
     * receiver then knows the piece is on its way, however long its data takes over a shared link.
     */
    private void put(int from, int to, int slot, int epoch, int piece) {
        int length = manifest.pieceLength(piece);
        NodeStats sender = nodes.get(from).stats;
        sender.bytesSent += WireCodec.PIECE_HEADER_LENGTH + length;
        if (group.sameCluster(from, to)) {
            sender.pieceBytesToLocal += length;
        } else {
            sender.pieceBytesToGlobal += length;
        }
        Route route = connections.route(from, to, slot);
        clock.schedule(route.latencyNanos(), () -> arriving(from, to, slot, epoch, piece));
        route.send(clock, (long) WireCodec.PIECE_HEADER_LENGTH + length,
                () -> {
                    int next = sending.sent(from, slot, epoch);
                    if (next >= 0 && !connections.lost(from, slot, epoch) && !nodes.get(from).crashed) {
                        put(from, to, slot, epoch, next);
                    }
                },
                () -> deliverPiece(from, to, slot, epoch, piece, length));
    }

    void disconnect(int from, int to, String reason) {
        disconnects.add(id(from) + " dropped " + id(to) + ": " + reason);
        if (connections.isBroken(from, to)) {
            return;
        }
        cut(from, to);
    }

    /** Breaks the connection between two nodes; both lose it (a crashed end notices nothing). */
    private void cut(int a, int b) {
        connections.cut(a, b);
        wan.cut(a, b);
        clock.schedule(0, () -> lost(a, b));
        clock.schedule(0, () -> lost(b, a));
    }

    private void lost(int node, int peer) {
        if (!nodes.get(node).crashed) {
            nodes.get(node).operation.onPeerLost(peer);
        }
    }

    private void crash(int member) {
        freeze(member);
        for (int n : graph.neighbours(member)) {
            if (!connections.isBroken(member, n)) {
                cut(member, n);
            }
        }
    }

    /** The member stops: its connections stay up, but it neither sends nor takes anything from now on. */
    private void freeze(int member) {
        nodes.get(member).crashed = true;
        changed(nodes.get(member));
    }

    /**
     * A frozen member's neighbours have heard nothing from it for the failure timeout, as the real
     * transport's idle watch tells them (live members keep their connections busy with keep-alives).
     */
    private void silent(int member) {
        for (int n : graph.neighbours(member)) {
            if (!nodes.get(n).crashed && !connections.isBroken(member, n)) {
                nodes.get(n).operation.onPeerSilent(member);
            }
        }
    }

    /** A hostile member's forged message or piece leaves it, over the same links as its honest ones. */
    private void forge(SimBuilder.Forgery f) {
        if (nodes.get(f.from()).crashed) {
            return;
        }
        if (f.message() != null) {
            transmit(f.from(), f.to(), f.message(), Route.UNWATCHED);
        } else {
            transmitPiece(f.from(), f.to(), OP, f.piece());
        }
    }

    private void outage(int a, int b) {
        if (!connections.isBroken(a, b)) {
            cut(a, b);
        }
    }

    /** The connection is back, with nothing in flight, unless it is up already or an end crashed meanwhile. */
    private void restore(int a, int b) {
        if (!connections.isBroken(a, b) || nodes.get(a).crashed || nodes.get(b).crashed) {
            return;
        }
        connections.restore(a, b);
        nodes.get(a).operation.onPeerReconnected(b);
        nodes.get(b).operation.onPeerReconnected(a);
    }

    private void deliver(int from, int to, int slot, int epoch, Message message, int bytes) {
        SimNode receiver = nodes.get(to);
        if (connections.lost(from, slot, epoch) || receiver.crashed
                || (mute.get(to) && message instanceof Message.Request)
                || (ignoringSteals.get(to) && message instanceof Message.Steal)) {
            return;
        }
        receiver.stats.controlBytesIn += bytes;
        receiver.stats.bytesReceived += bytes;
        receiver.operation.onMessage(from, message);
    }

    private void arriving(int from, int to, int slot, int epoch, int piece) {
        if (!connections.lost(from, slot, epoch) && !nodes.get(to).crashed) {
            nodes.get(to).operation.onPieceArriving(from, piece);
        }
    }

    private void deliverPiece(int from, int to, int slot, int epoch, int piece, int length) {
        SimNode receiver = nodes.get(to);
        if (connections.lost(from, slot, epoch) || receiver.crashed) {
            return;
        }
        NodeStats s = receiver.stats;
        s.bytesReceived += WireCodec.PIECE_HEADER_LENGTH + length;
        if (group.sameCluster(from, to)) {
            s.piecesFromLocal++;
            s.pieceBytesFromLocal += length;
        } else {
            s.piecesFromGlobal++;
            s.pieceBytesFromGlobal += length;
        }
        wan.delivered(from, to, piece, length);
        if (!receiver.operation.acceptsPiece(from, piece)) {
            return;
        }
        if (corrupting.get(from)) {
            s.piecesRejected++;
            receiver.operation.onPieceRejected(from, piece);
            return;
        }
        receiver.holds.set(piece);
        trace.delivered(clock.now(), from, to, piece);
        receiver.operation.onPieceReceived(from, piece);
    }

    /** Counts {@code node} as finished once it is; called whenever what {@link SimNode#finished()} reads changes. */
    void changed(SimNode node) {
        if (!node.counted && node.finished()) {
            node.counted = true;
            finished++;
        }
    }

    // ---- queries ----

    VirtualClock clock() {
        return clock;
    }

    int pieceCount() {
        return manifest.pieceCount();
    }

    String id(int member) {
        return group.member(member).id();
    }

    String cluster(int member) {
        return group.member(member).cluster();
    }

    private List<SimNode> unfinished() {
        return nodes.stream().filter(n -> !n.finished()).toList();
    }

    private static String describe(List<SimNode> which) {
        StringBuilder out = new StringBuilder();
        which.forEach(node -> out.append("  ").append(node.state()).append('\n'));
        return out.toString();
    }

    static String seconds(long nanos) {
        return String.format("%.6f s", nanos / 1e9);
    }
}

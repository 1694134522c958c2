package io.robber.sim;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.engine.Operation;
import io.robber.engine.PeerGraph;
import io.robber.engine.Protocol;
import io.robber.engine.ProtocolPlan;
import io.robber.api.ProtocolOptions;
import io.robber.wire.Message;
import io.robber.wire.WireCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

/**
 * A deterministic virtual-time network of N nodes running one multicast operation with a chosen
 * {@link Protocol}. Every directed node pair is a FIFO {@link Route} of a {@link Topology}: by default
 * a private {@link Link} (bandwidth, latency) per pair from a {@link LinkModel}, or
 * {@link SharedRoute}s whose links several pairs share. Control messages go through the real {@link WireCodec}, so they cost their
 * encoded size and arrive as independent copies; a piece costs its length plus the piece header and
 * carries no data (storage is virtual, every piece counts as verified).
 *
 * <p>Failures can be scheduled: a node crashes at a given time (its neighbours lose their
 * connections to it at once and it never comes back), or the connection between two nodes is down for
 * a while (both ends lose it, then both get it back with nothing in flight).
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
    private final Topology links;
    private final long maxEvents;
    private final long maxTimeNanos;
    private final VirtualClock clock = new VirtualClock();
    private final List<SimNode> nodes = new ArrayList<>();
    private final Route[][] routes;
    private final boolean[][] broken;
    /** Incremented whenever a connection breaks, so nothing sent before arrives after it. */
    private final int[][] epochs;
    private final List<String> disconnects = new ArrayList<>();
    private final PieceTrace trace;
    private final UnpooledByteBufAllocator alloc = new UnpooledByteBufAllocator(false);
    private boolean ran;

    private SimNetwork(Builder b) {
        this.group = b.group;
        this.manifest = b.manifest;
        this.links = b.links == null ? LinkModel.lanWan(group) : b.links;
        this.maxEvents = b.maxEvents;
        this.maxTimeNanos = b.maxTimeNanos;
        this.trace = b.trace;
        int n = group.size();
        this.routes = new Route[n][n];
        this.broken = new boolean[n][n];
        this.epochs = new int[n][n];
        this.graph = openOperations(b);
        b.crashes.forEach((member, at) -> clock.at(at, () -> crash(member)));
        for (long[] o : b.outages) {
            clock.at(o[2], () -> outage((int) o[0], (int) o[1]));
            clock.at(o[3], () -> restore((int) o[0], (int) o[1]));
        }
    }

    /**
     * The one place that speaks the protocol SPI: the group's plan, then one node per member
     * with its operation. Returns the peer graph.
     */
    private PeerGraph openOperations(Builder b) {
        ProtocolPlan plan = b.protocol.plan(group, b.options);
        for (int i = 0; i < group.size(); i++) {
            SimNode node = new SimNode(i, b.possession.apply(i), this);
            node.operation = new Operation(OP, group, i, manifest, plan, b.failureTimeout, node, node,
                    new SplittableRandom(b.seed * 0x9E3779B97F4A7C15L + i));
            nodes.add(node);
        }
        return plan.graph();
    }

    public static Builder builder(Group group, Protocol protocol) {
        return new Builder(group, protocol);
    }

    /** Runs the operation to the end; a run happens once. */
    public SimResult run() {
        if (ran) {
            throw new IllegalStateException("a SimNetwork runs once; build a new one");
        }
        ran = true;
        links.start(clock);
        for (SimNode node : nodes) {
            node.operation.start(node.holds);
        }
        while (!allFinished()) {
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
        return new SimResult(group, manifest, graph, nodes, clock.now(), clock.executed(), disconnects);
    }

    // ---- transport, called by SimNode ----

    void transmit(int from, int to, Message message) {
        checkNeighbours(from, to, message.type().toString());
        ByteBuf frame = WireCodec.encode(alloc, message);
        int bytes = frame.readableBytes();
        Message copy;
        try {
            frame.skipBytes(4);
            copy = (Message) WireCodec.decode(frame);
        } finally {
            frame.release();
        }
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
        if (broken[from][to]) {
            return;
        }
        sender.stats.bytesSent += bytes;
        int epoch = epochs[from][to];
        route(from, to).send(clock, bytes, () -> deliver(from, to, epoch, copy, bytes));
    }

    void transmitPiece(int from, int to, int op, int piece) {
        checkNeighbours(from, to, "piece");
        nodes.get(from).stats.piecesSent++;
        if (broken[from][to]) {
            return;
        }
        int length = manifest.pieceLength(piece);
        int epoch = epochs[from][to];
        NodeStats sender = nodes.get(from).stats;
        sender.bytesSent += WireCodec.PIECE_HEADER_LENGTH + length;
        if (group.sameCluster(from, to)) {
            sender.pieceBytesToLocal += length;
        } else {
            sender.pieceBytesToGlobal += length;
        }
        route(from, to).send(clock, (long) WireCodec.PIECE_HEADER_LENGTH + length,
                () -> deliverPiece(from, to, epoch, piece, length));
    }

    void disconnect(int from, int to, String reason) {
        disconnects.add(id(from) + " dropped " + id(to) + ": " + reason);
        if (broken[from][to]) {
            return;
        }
        cut(from, to);
    }

    /** Breaks the connection between two nodes; both lose it (a crashed end notices nothing). */
    private void cut(int a, int b) {
        broken[a][b] = true;
        broken[b][a] = true;
        epochs[a][b]++;
        epochs[b][a]++;
        clock.schedule(0, () -> lost(a, b));
        clock.schedule(0, () -> lost(b, a));
    }

    private void lost(int node, int peer) {
        if (!nodes.get(node).crashed) {
            nodes.get(node).operation.onPeerLost(peer);
        }
    }

    private void crash(int member) {
        nodes.get(member).crashed = true;
        for (int n : graph.neighbours(member)) {
            if (!broken[member][n]) {
                cut(member, n);
            }
        }
    }

    private void outage(int a, int b) {
        if (!broken[a][b]) {
            cut(a, b);
        }
    }

    /** The connection is back, with nothing in flight, unless it is up already or an end crashed meanwhile. */
    private void restore(int a, int b) {
        if (!broken[a][b] || nodes.get(a).crashed || nodes.get(b).crashed) {
            return;
        }
        broken[a][b] = false;
        broken[b][a] = false;
        nodes.get(a).operation.onPeerReconnected(b);
        nodes.get(b).operation.onPeerReconnected(a);
    }

    private void deliver(int from, int to, int epoch, Message message, int bytes) {
        if (broken[from][to] || epochs[from][to] != epoch) {
            return;
        }
        SimNode receiver = nodes.get(to);
        receiver.stats.controlBytesIn += bytes;
        receiver.stats.bytesReceived += bytes;
        receiver.operation.onMessage(from, message);
    }

    private void deliverPiece(int from, int to, int epoch, int piece, int length) {
        if (broken[from][to] || epochs[from][to] != epoch) {
            return;
        }
        SimNode receiver = nodes.get(to);
        NodeStats s = receiver.stats;
        s.bytesReceived += WireCodec.PIECE_HEADER_LENGTH + length;
        if (group.sameCluster(from, to)) {
            s.piecesFromLocal++;
            s.pieceBytesFromLocal += length;
        } else {
            s.piecesFromGlobal++;
            s.pieceBytesFromGlobal += length;
        }
        receiver.holds.set(piece);
        trace.delivered(clock.now(), from, to, piece);
        receiver.operation.onPieceReceived(from, piece);
    }

    private void checkNeighbours(int from, int to, String what) {
        if (!graph.connected(from, to)) {
            throw new AssertionError("member " + id(from) + " sends " + what + " to " + id(to)
                    + ", which is not its neighbour in the peer graph");
        }
    }

    private Route route(int from, int to) {
        Route route = routes[from][to];
        if (route == null) {
            route = links.route(from, to);
            routes[from][to] = route;
        }
        return route;
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

    private boolean allFinished() {
        for (SimNode node : nodes) {
            if (!node.finished()) {
                return false;
            }
        }
        return true;
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

    /** Configures a simulation. */
    public static final class Builder {
        private final Group group;
        private final Protocol protocol;
        private ProtocolOptions options = ProtocolOptions.defaults(1);
        private Manifest manifest;
        private IntFunction<BitSet> possession;
        private Topology links;
        private long seed = 1;
        private long maxEvents = 5_000_000;
        private long maxTimeNanos = 3_600_000_000_000L;
        private Duration failureTimeout = Duration.ofSeconds(30);
        private final Map<Integer, Long> crashes = new HashMap<>();
        private final List<long[]> outages = new ArrayList<>();
        private PieceTrace trace = (nanos, from, to, piece) -> { };

        private Builder(Group group, Protocol protocol) {
            this.group = Objects.requireNonNull(group);
            this.protocol = Objects.requireNonNull(protocol);
        }

        public Builder options(ProtocolOptions options) {
            this.options = options;
            return this;
        }

        public Builder manifest(Manifest manifest) {
            this.manifest = manifest;
            return this;
        }

        /** P pieces of {@code pieceSize} bytes with zero digests. */
        public Builder pieces(int pieceCount, int pieceSize) {
            return manifest(SimData.manifest(pieceCount, pieceSize));
        }

        /** The initial possession of each member, by member index. */
        public Builder possession(IntFunction<BitSet> possession) {
            this.possession = possession;
            return this;
        }

        /** The network: a {@link LinkModel} of private links per pair (the default: {@link LinkModel#lanWan}) or any topology. */
        public Builder links(Topology links) {
            this.links = links;
            return this;
        }

        /** Seeds the nodes' random choices (the peer graph is seeded by the options). */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder maxEvents(long maxEvents) {
            this.maxEvents = maxEvents;
            return this;
        }

        public Builder maxTime(long nanos) {
            this.maxTimeNanos = nanos;
            return this;
        }

        public Builder failureTimeout(Duration timeout) {
            this.failureTimeout = timeout;
            return this;
        }

        /** Member {@code member} crashes at virtual time {@code atNanos} and never comes back. */
        public Builder crash(int member, long atNanos) {
            crashes.put(member, atNanos);
            return this;
        }

        /** The connection between {@code a} and {@code b} is down from {@code fromNanos} until {@code untilNanos}. */
        public Builder outage(int a, int b, long fromNanos, long untilNanos) {
            outages.add(new long[] {a, b, fromNanos, untilNanos});
            return this;
        }

        /** Sees every delivered piece (default: nothing). */
        public Builder trace(PieceTrace trace) {
            this.trace = Objects.requireNonNull(trace);
            return this;
        }

        public SimNetwork build() {
            if (manifest == null) {
                throw new IllegalStateException("set the data set with manifest(..) or pieces(..)");
            }
            if (possession == null) {
                throw new IllegalStateException("set the initial possession with possession(..)");
            }
            return new SimNetwork(this);
        }

        /** Builds and runs. */
        public SimResult run() {
            return build().run();
        }
    }
}

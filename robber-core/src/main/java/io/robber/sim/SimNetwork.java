package io.robber.sim;

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
import java.util.Arrays;
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
 * {@link SharedRoute}s whose links several pairs share. Control messages cost their encoded size
 * ({@link WireCodec#encodedLength}, computed without encoding) and arrive as independent copies
 * ({@link SimMessages#copy}); a piece costs its length plus the piece header and carries no data
 * (storage is virtual, every piece counts as verified). Connection state is kept per neighbour, so
 * memory grows with the peer graph's edges, not with the square of the group.
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
    /** [m] the neighbours of member m, ascending: connection state is kept by m and slot in this array. */
    private final int[][] neighbours;
    private final Route[][] routes;
    private final boolean[][] broken;
    /** Incremented whenever a connection breaks, so nothing sent before arrives after it. */
    private final int[][] epochs;
    private final List<String> disconnects = new ArrayList<>();
    private final WanTraffic wan;
    private final long sampleNanos;
    private final PieceTrace trace;
    private int finished;
    private boolean ran;

    private SimNetwork(Builder b) {
        this.group = b.group;
        this.manifest = b.manifest;
        this.links = b.links == null ? LinkModel.lanWan(group) : b.links;
        this.maxEvents = b.maxEvents;
        this.maxTimeNanos = b.maxTimeNanos;
        this.trace = b.trace;
        int n = group.size();
        this.graph = openOperations(b);
        this.neighbours = new int[n][];
        this.routes = new Route[n][];
        this.broken = new boolean[n][];
        this.epochs = new int[n][];
        for (int m = 0; m < n; m++) {
            neighbours[m] = graph.neighbours(m).stream().mapToInt(Integer::intValue).toArray();
            routes[m] = new Route[neighbours[m].length];
            broken[m] = new boolean[neighbours[m].length];
            epochs[m] = new int[neighbours[m].length];
        }
        this.wan = new WanTraffic(group, graph, nodes.stream().map(node -> node.holds).toList());
        this.sampleNanos = b.sampleNanos;
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

    void transmit(int from, int to, Message message) {
        int slot = slot(from, to, message.type().toString());
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
        if (broken[from][slot]) {
            return;
        }
        if (message instanceof Message.Request r) {
            wan.requested(from, to, r.piece());
        }
        sender.stats.bytesSent += bytes;
        int epoch = epochs[from][slot];
        route(from, to, slot).send(clock, bytes, () -> deliver(from, to, slot, epoch, copy, bytes));
    }

    void transmitPiece(int from, int to, int op, int piece) {
        int slot = slot(from, to, "piece");
        nodes.get(from).stats.piecesSent++;
        if (broken[from][slot]) {
            return;
        }
        int length = manifest.pieceLength(piece);
        int epoch = epochs[from][slot];
        NodeStats sender = nodes.get(from).stats;
        sender.bytesSent += WireCodec.PIECE_HEADER_LENGTH + length;
        if (group.sameCluster(from, to)) {
            sender.pieceBytesToLocal += length;
        } else {
            sender.pieceBytesToGlobal += length;
        }
        route(from, to, slot).send(clock, (long) WireCodec.PIECE_HEADER_LENGTH + length,
                () -> deliverPiece(from, to, slot, epoch, piece, length));
    }

    void disconnect(int from, int to, String reason) {
        disconnects.add(id(from) + " dropped " + id(to) + ": " + reason);
        if (isBroken(from, to)) {
            return;
        }
        cut(from, to);
    }

    private boolean isBroken(int a, int b) {
        return broken[a][slot(a, b, "a disconnect")];
    }

    private void setBroken(int a, int b, boolean value) {
        broken[a][slot(a, b, "a disconnect")] = value;
        broken[b][slot(b, a, "a disconnect")] = value;
    }

    /** Breaks the connection between two nodes; both lose it (a crashed end notices nothing). */
    private void cut(int a, int b) {
        setBroken(a, b, true);
        wan.cut(a, b);
        epochs[a][slot(a, b, "a disconnect")]++;
        epochs[b][slot(b, a, "a disconnect")]++;
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
        changed(nodes.get(member));
        for (int n : graph.neighbours(member)) {
            if (!isBroken(member, n)) {
                cut(member, n);
            }
        }
    }

    private void outage(int a, int b) {
        if (!isBroken(a, b)) {
            cut(a, b);
        }
    }

    /** The connection is back, with nothing in flight, unless it is up already or an end crashed meanwhile. */
    private void restore(int a, int b) {
        if (!isBroken(a, b) || nodes.get(a).crashed || nodes.get(b).crashed) {
            return;
        }
        setBroken(a, b, false);
        nodes.get(a).operation.onPeerReconnected(b);
        nodes.get(b).operation.onPeerReconnected(a);
    }

    private void deliver(int from, int to, int slot, int epoch, Message message, int bytes) {
        if (broken[from][slot] || epochs[from][slot] != epoch) {
            return;
        }
        SimNode receiver = nodes.get(to);
        receiver.stats.controlBytesIn += bytes;
        receiver.stats.bytesReceived += bytes;
        receiver.operation.onMessage(from, message);
    }

    private void deliverPiece(int from, int to, int slot, int epoch, int piece, int length) {
        if (broken[from][slot] || epochs[from][slot] != epoch) {
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
        wan.delivered(from, to, piece, length);
        receiver.holds.set(piece);
        trace.delivered(clock.now(), from, to, piece);
        receiver.operation.onPieceReceived(from, piece);
    }

    /** The slot of {@code to} among the neighbours of {@code from}; fails when they are no neighbours. */
    private int slot(int from, int to, String what) {
        int slot = Arrays.binarySearch(neighbours[from], to);
        if (slot < 0) {
            throw new AssertionError("member " + id(from) + " sends " + what + " to " + id(to)
                    + ", which is not its neighbour in the peer graph");
        }
        return slot;
    }

    private Route route(int from, int to, int slot) {
        Route route = routes[from][slot];
        if (route == null) {
            route = links.route(from, to);
            routes[from][slot] = route;
        }
        return route;
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
        private long sampleNanos;
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

        /** Samples how every global connection spends its time every {@code nanos} of virtual time ({@link WanTraffic}). */
        public Builder sampleEvery(long nanos) {
            this.sampleNanos = nanos;
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

package io.robber.sim;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.ProtocolOptions;
import io.robber.engine.Protocol;
import io.robber.wire.Message;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;

/** Configures a {@link SimNetwork}: group, protocol, data, initial possession, links and events. */
public final class SimBuilder {
    final Group group;
    final Protocol protocol;
    ProtocolOptions options = ProtocolOptions.defaults(1);
    Manifest manifest;
    IntFunction<BitSet> possession;
    Topology links;
    long seed = 1;
    long maxEvents = 5_000_000;
    long maxTimeNanos = 3_600_000_000_000L;
    long sampleNanos;
    Duration failureTimeout = Duration.ofSeconds(30);
    final Map<Integer, Long> crashes = new HashMap<>();
    final Map<Integer, Long> freezes = new HashMap<>();
    final List<long[]> outages = new ArrayList<>();
    final BitSet corrupting = new BitSet();
    final List<Forgery> forgeries = new ArrayList<>();
    final BitSet neverStarting = new BitSet();
    final BitSet mute = new BitSet();
    final BitSet lying = new BitSet();
    final BitSet ignoringSteals = new BitSet();
    int badPieceLimit = 3;
    PieceTrace trace = (nanos, from, to, piece) -> { };

    SimBuilder(Group group, Protocol protocol) {
        this.group = Objects.requireNonNull(group);
        this.protocol = Objects.requireNonNull(protocol);
    }

    public SimBuilder options(ProtocolOptions options) {
        this.options = options;
        return this;
    }

    public SimBuilder manifest(Manifest manifest) {
        this.manifest = manifest;
        return this;
    }

    /** P pieces of {@code pieceSize} bytes with zero digests. */
    public SimBuilder pieces(int pieceCount, int pieceSize) {
        return manifest(SimData.manifest(pieceCount, pieceSize));
    }

    /** The initial possession of each member, by member index. */
    public SimBuilder possession(IntFunction<BitSet> possession) {
        this.possession = possession;
        return this;
    }

    /** The network: a {@link LinkModel} of private links per pair (the default: {@link LinkModel#lanWan}) or any topology. */
    public SimBuilder links(Topology links) {
        this.links = links;
        return this;
    }

    /** Seeds the nodes' random choices (the peer graph is seeded by the options). */
    public SimBuilder seed(long seed) {
        this.seed = seed;
        return this;
    }

    public SimBuilder maxEvents(long maxEvents) {
        this.maxEvents = maxEvents;
        return this;
    }

    public SimBuilder maxTime(long nanos) {
        this.maxTimeNanos = nanos;
        return this;
    }

    /** Samples how every global connection spends its time every {@code nanos} of virtual time ({@link WanTraffic}). */
    public SimBuilder sampleEvery(long nanos) {
        this.sampleNanos = nanos;
        return this;
    }

    public SimBuilder failureTimeout(Duration timeout) {
        this.failureTimeout = timeout;
        return this;
    }

    /** Member {@code member} crashes at virtual time {@code atNanos} and never comes back. */
    public SimBuilder crash(int member, long atNanos) {
        crashes.put(member, atNanos);
        return this;
    }

    /**
     * Member {@code member} stops at virtual time {@code atNanos} and never comes back, but its
     * connections stay up: nothing comes from it and what reaches it is lost (a stopped process, or a
     * container killed behind a proxy that keeps its neighbours' connections open). Its neighbours
     * notice only its silence, after the failure timeout.
     */
    public SimBuilder freeze(int member, long atNanos) {
        freezes.put(member, atNanos);
        return this;
    }

    /** The connection between {@code a} and {@code b} is down from {@code fromNanos} until {@code untilNanos}. */
    public SimBuilder outage(int a, int b, long fromNanos, long untilNanos) {
        outages.add(new long[] {a, b, fromNanos, untilNanos});
        return this;
    }

    /** Every piece {@code member} sends arrives with flipped bytes: it fails its digest check at the receiver. */
    public SimBuilder corrupting(int member) {
        corrupting.set(member);
        return this;
    }

    /**
     * A hostile member: at virtual time {@code atNanos} member {@code from} sends its neighbour
     * {@code to} the forged {@code message}, behind its own engine's back (which goes on as an honest one).
     * The run ends when every other member has finished: a liar may confuse itself.
     */
    public SimBuilder forge(long atNanos, int from, int to, Message message) {
        forgeries.add(new Forgery(atNanos, from, to, Objects.requireNonNull(message), -1));
        return this;
    }

    /** A hostile member: at virtual time {@code atNanos} member {@code from} sends {@code to} piece {@code piece} unasked. */
    public SimBuilder forgePiece(long atNanos, int from, int to, int piece) {
        forgeries.add(new Forgery(atNanos, from, to, null, piece));
        return this;
    }

    /** A forged message, or with {@code message} null a forged piece. */
    record Forgery(long atNanos, int from, int to, Message message, int piece) {
    }

    /**
     * {@code member} connects to its neighbours but never starts the operation: it sends nothing and
     * what reaches it is lost (a hung or hostile process whose connections stay open).
     */
    public SimBuilder neverStarts(int member) {
        neverStarting.set(member);
        return this;
    }

    /** {@code member} takes part but never answers a request: the requests sent to it are lost. */
    public SimBuilder mute(int member) {
        mute.set(member);
        return this;
    }

    /** {@code member} takes part but never answers a steal: the steals sent to it are lost. */
    public SimBuilder ignoresSteals(int member) {
        ignoringSteals.set(member);
        return this;
    }

    /**
     * {@code member} announces in every bitfield it sends that it holds every piece, also those it lacks
     * (requests for those it ignores, as any member does).
     */
    public SimBuilder lying(int member) {
        lying.set(member);
        return this;
    }

    /** The bad pieces after which a sender is banned (see {@code Operation}); 3 by default. */
    public SimBuilder badPieceLimit(int limit) {
        this.badPieceLimit = limit;
        return this;
    }

    /** Sees every delivered piece (default: nothing). */
    public SimBuilder trace(PieceTrace trace) {
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

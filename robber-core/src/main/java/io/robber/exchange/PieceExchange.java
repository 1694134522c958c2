package io.robber.exchange;

import io.robber.engine.EngineContext;
import io.robber.wire.Message;
import java.util.BitSet;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The BitTorrent-style piece exchange that Robber, MOB and the BitTorrent baseline share:
 * desire → bitfield, have, request, piece; at most R outstanding requests per peer, chosen at random
 * from desire(n, p) ∩ possession(p); announcements filtered by each peer's desire.
 *
 * <p>Requests a peer leaves unanswered are asked for elsewhere, and a peer that serves nothing for the
 * failure timeout is dropped ({@link OverdueRequests}).
 *
 * <p>{@link ExchangeOptions} add what the BitTorrent baseline needs and the others do not: another
 * {@link PieceSelection}, choking with interest (which peers this node serves is decided by the
 * caller through {@link #choke}), and the end game.
 */
public final class PieceExchange {
    private static final Logger LOG = LoggerFactory.getLogger(PieceExchange.class);

    private final EngineContext ctx;
    private final ExchangePolicy policy;
    private final ExchangeOptions options;
    private final PieceSelection selection;
    private final ExchangeTuning tuning;
    private final int pieceCount;
    private final BitSet possession;
    private final BitSet pending = new BitSet();
    private final SecondRequests secondRequests;
    private final OverdueRequests overdue;
    private final Neighbours peers;
    private final HaveCoalescer haves;

    public PieceExchange(EngineContext ctx, ExchangePolicy policy, ExchangeTuning tuning, BitSet possession) {
        this(ctx, policy, tuning, possession, ExchangeOptions.PAPER);
    }

    public PieceExchange(EngineContext ctx, ExchangePolicy policy, ExchangeTuning tuning, BitSet possession,
                         ExchangeOptions options) {
        this.ctx = ctx;
        this.policy = policy;
        this.options = options;
        this.selection = options.selection() == null ? PieceSelection.random(ctx.random()) : options.selection();
        this.tuning = tuning;
        this.pieceCount = ctx.manifest().pieceCount();
        this.possession = (BitSet) possession.clone();
        this.peers = new Neighbours(ctx.neighbours(), options.choking(), tuning);
        this.haves = new HaveCoalescer(ctx.timers(), tuning.haveIntervalNanos(),
                pieces -> peers.announce(pieces, ctx));
        this.secondRequests = new SecondRequests(tuning, ctx.manifest().pieceSize());
        this.overdue = new OverdueRequests(ctx, tuning, secondRequests, this::lookAt);
    }

    /** {@code p}'s oldest request is due: its overdue pieces are asked for elsewhere. */
    private void lookAt(PeerState p) {
        overdue.look(p, peers.all(), possession, this::request);
        policy.afterRequests();
    }

    /** The operation ended on this node: no more announcements. */
    public void stop() {
        haves.stop();
        peers.all().forEach(overdue::forget);
    }

    /** possession(n); read-only for callers. */
    public BitSet possession() {
        return possession;
    }

    public boolean holds(int piece) {
        return possession.get(piece);
    }

    /** pending(n): requested but not yet received. */
    public BitSet pending() {
        return pending;
    }

    /** Retired: |pending(n)| + |possession(n)| = P. */
    public boolean retired() {
        return pending.cardinality() + possession.cardinality() == pieceCount;
    }

    public boolean complete() {
        return possession.cardinality() == pieceCount;
    }

    /** The pieces not held: the desire from local peers. */
    public BitSet missing() {
        BitSet missing = new BitSet(pieceCount);
        missing.set(0, pieceCount);
        missing.andNot(possession);
        return missing;
    }

    /**
     * Sends what we want {@code peer} to announce ({@link ExchangePolicy#announcements}) unless it is
     * lost; it answers with a bitfield. "Every piece not held" goes to a peer once: it stays true.
     */
    public void sendDesire(int peer) {
        PeerState p = peers.live(peer);
        if (p == null) {
            return;
        }
        BitSet desire = policy.announcements(peer);
        if (desire == null && p.toldMissing) {
            return;
        }
        p.toldMissing = desire == null;
        ctx.send(peer, new Message.Desire(ctx.op(), desire == null ? missing() : (BitSet) desire.clone()));
    }

    /** Handles the exchange messages; returns false for a message that is not one of them. */
    public boolean onMessage(int peer, Message message) {
        PeerState p = peers.live(peer);
        if (p == null) {
            return true;
        }
        if (message instanceof Message.Desire d) {
            p.desire = d.pieces();
            BitSet answer = (BitSet) d.pieces().clone();
            answer.and(possession);
            ctx.send(peer, new Message.Bitfield(message.op(), answer));
        } else if (message instanceof Message.Bitfield b) {
            p.has.or(b.pieces());
            updateInterest(p);
            fill(p);
        } else if (message instanceof Message.Have h) {
            for (int piece : h.pieces()) {
                p.has.set(piece);
            }
            updateInterest(p);
            fill(p);
        } else if (message instanceof Message.Request r) {
            if (p.choking) {
                LOG.debug("dropped request for piece {} from choked member {}", r.piece(), ctx.group().member(peer).id());
            } else if (possession.get(r.piece())) {
                ctx.sendPiece(peer, r.piece());
                policy.onServed(peer, r.piece());
            } else {
                LOG.warn("member {} requested piece {} that {} never announced; ignored",
                        ctx.group().member(peer).id(), r.piece(), ctx.group().member(ctx.self()).id());
            }
        } else if (options.choking() && message instanceof Message.Choke c) {
            onChokedBy(p, c.choked());
        } else if (options.choking() && message instanceof Message.Interest i) {
            policy.onInterest(peer, i.interested());
        } else {
            return false;
        }
        return true;
    }

    /**
     * With choking: whether this node answers {@code peer}'s requests; tells the peer when that
     * changes. Requests from a choked peer are dropped as they arrive (nothing is queued here, so
     * there is nothing else to forget); the peer, told it is choked, wants those pieces again.
     */
    public void choke(int peer, boolean choked) {
        PeerState p = peers.live(peer);
        if (!options.choking() || p == null || p.choking == choked) {
            return;
        }
        p.choking = choked;
        ctx.send(peer, new Message.Choke(ctx.op(), choked));
    }

    /** Whether this node chokes {@code peer} (with choking off: never). */
    public boolean choking(int peer) {
        PeerState p = peers.get(peer);
        return p != null && p.choking;
    }

    /** Whether {@code peer} chokes this node, so that it gets no requests from it (with choking off: never). */
    public boolean chokedBy(int peer) {
        PeerState p = peers.get(peer);
        return p != null && p.chokedBy;
    }

    /** Whether {@code peer} is a neighbour whose connection is up. */
    public boolean connected(int peer) {
        return peers.live(peer) != null;
    }

    /**
     * Whether {@code piece} is requested from {@code peer} and not yet received, or was requested
     * before {@code peer} choked this node (it may cross the choke, as in BitTorrent).
     */
    public boolean expects(int peer, int piece) {
        PeerState p = peers.get(peer);
        return p != null && (p.outstanding.get(piece) || p.crossingChoke.get(piece));
    }

    /** The pieces requested from {@code peer} and not yet received; read-only for callers. */
    public BitSet outstanding(int peer) {
        PeerState p = peers.get(peer);
        return p == null ? new BitSet() : p.outstanding;
    }

    /**
     * How many pieces {@code peer} presumably delivers in {@code nanos} at its measured rate; 0 before
     * anything was measured or for a peer that is not a neighbour.
     */
    public long piecesWithin(int peer, long nanos) {
        PeerState p = peers.get(peer);
        return p == null ? 0 : p.window.piecesWithin(nanos, ctx.manifest().pieceSize());
    }

    /** The measured delivery rate of {@code peer} in bytes per second; NaN before anything was measured. */
    public double rate(int peer) {
        PeerState p = peers.get(peer);
        return p == null ? Double.NaN : p.window.bytesPerSecond();
    }

    /** How many live peers announced {@code piece}: its availability, for rarest-first. */
    public int availability(int piece) {
        return peers.availability(piece);
    }

    /** In the end game: enabled, and every missing piece is pending. */
    public boolean endGame() {
        return options.endGame() && retired() && !complete();
    }

    private void onChokedBy(PeerState p, boolean choked) {
        if (p.chokedBy == choked) {
            return;
        }
        p.chokedBy = choked;
        if (choked) {
            for (int i = p.outstanding.nextSetBit(0); i >= 0; i = p.outstanding.nextSetBit(i + 1)) {
                abandon(i);
            }
            p.crossingChoke.or(p.outstanding);
            p.outstanding.clear();
            overdue.forget(p);
            fillAll();
        } else {
            fill(p);
        }
        policy.afterRequests();
    }

    /** With choking: interested = the peer announced a piece this node still wants; sent when it changes. */
    private void updateInterest(PeerState p) {
        if (!options.choking() || p.lost) {
            return;
        }
        boolean interested = !wantedFrom(p).isEmpty();
        if (interested != p.interested) {
            p.interested = interested;
            ctx.send(p.member, new Message.Interest(ctx.op(), interested));
        }
    }

    public void onPieceReceived(int peer, int piece) {
        PeerState p = peers.get(peer);
        if (p != null && !p.outstanding.get(piece)) {
            p.crossingChoke.clear(piece);
        }
        if (p != null && p.outstanding.get(piece)) {
            p.outstanding.clear(piece);
            p.window.delivered(ctx.timers().nanoTime(), ctx.manifest().pieceLength(piece), p.outstanding.isEmpty());
            overdue.answered(p, piece);
        }
        pending.clear(piece);
        if (possession.get(piece)) {
            ctx.metrics().duplicatePiece();
        } else {
            possession.set(piece);
            policy.onReceived(piece);
            haves.verified(piece);
            for (PeerState other : peers.all()) {
                if (other.interested && other.has.get(piece)) {
                    updateInterest(other);
                }
            }
        }
        if (p != null && !p.lost) {
            fill(p);
        }
        policy.afterRequests();
        if (complete()) {
            haves.flush();
            ctx.completed();
        }
    }

    public void onPieceRejected(int peer, int piece) {
        PeerState p = peers.get(peer);
        if (p != null) {
            if (p.outstanding.get(piece)) {
                overdue.answered(p, piece);
            }
            p.outstanding.clear(piece);
            p.crossingChoke.clear(piece);
            p.has.clear(piece);
        }
        if (!secondRequests.owedByLivePeer(piece, peers.all())) {
            abandon(piece);
        }
        fillAll();
        policy.afterRequests();
    }

    public void onPeerLost(int peer) {
        PeerState p = peers.live(peer);
        if (p == null) {
            return;
        }
        p.lost = true;
        p.crossingChoke.clear();
        for (int i = p.outstanding.nextSetBit(0); i >= 0; i = p.outstanding.nextSetBit(i + 1)) {
            if (!secondRequests.owedByLivePeer(i, peers.all())) {
                abandon(i);
            }
        }
        p.outstanding.clear();
        overdue.forget(p);
        fillAll();
        policy.afterRequests();
    }

    /**
     * A lost peer is connected again: nothing is in flight with it, so it starts afresh, as at the
     * start of the operation, with our desire.
     */
    public void onPeerReconnected(int peer) {
        onPeerLost(peer);
        if (peers.contains(peer)) {
            peers.reset(peer);
            sendDesire(peer);
        }
    }

    /** The pieces that the given live peers announced. */
    public BitSet announcedBy(List<Integer> members) {
        return peers.announcedBy(members);
    }

    /**
     * The end of a collective's transfer (a departure from the paper, for an idle node): second
     * requests to {@code members} for pieces queued behind a slower peer ({@link SecondRequests}).
     */
    public void hurry(List<Integer> members) {
        for (int m : members) {
            PeerState q = peers.live(m);
            if (q != null && !q.chokedBy) {
                secondRequests.ask(q, peers.all(), possession, this::request);
            }
        }
    }

    private void abandon(int piece) {
        pending.clear(piece);
        if (!possession.get(piece)) {
            policy.onAbandoned(piece);
        }
    }

    /** Tops up the requests to every live peer, e.g. after the desire grew. */
    public void fillAll() {
        for (PeerState p : peers.all()) {
            if (!p.lost) {
                fill(p);
            }
        }
    }

    /** Tops up the requests to the given peers. */
    public void fill(List<Integer> members) {
        for (int m : members) {
            PeerState p = peers.live(m);
            if (p != null) {
                fill(p);
            }
        }
    }

    /** What {@code p} announced that this node desires from it and does not hold; a fresh set. */
    private BitSet wantedFrom(PeerState p) {
        BitSet wanted = (BitSet) p.has.clone();
        BitSet desire = policy.desire(p.member);
        if (desire != null) {
            wanted.and(desire);
        }
        wanted.andNot(possession);
        return wanted;
    }

    private void fill(PeerState p) {
        if (p.chokedBy) {
            return;
        }
        int window = p.window.size(tuning.maxOutstanding(), tuning.windowMax(), ctx.manifest().pieceSize());
        if (p.outstanding.cardinality() >= window) {
            return;
        }
        BitSet candidates = wantedFrom(p);
        candidates.andNot(endGame() ? p.outstanding : pending);
        int available = candidates.cardinality();
        while (available > 0 && p.outstanding.cardinality() < window) {
            int piece = selection.pick(this, p.member, candidates, available);
            if (piece < 0) {
                return;
            }
            candidates.clear(piece);
            available--;
            request(p, piece);
        }
    }

    private void request(PeerState p, int piece) {
        pending.set(piece);
        p.window.requested(ctx.timers().nanoTime(), p.outstanding.isEmpty());
        p.outstanding.set(piece);
        overdue.requested(p, piece);
        ctx.send(p.member, new Message.Request(ctx.op(), piece));
        policy.onRequested(p.member, piece);
    }
}

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
 * <p>The exchange answers its peers and keeps what it knows of each ({@link Neighbours}); its own
 * requests are kept by {@link PieceRequests}: requests a peer leaves unanswered are asked for
 * elsewhere, and a peer that serves nothing for the failure timeout is dropped
 * ({@link OverdueRequests}).
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
    private final int pieceCount;
    private final BitSet possession;
    private final Neighbours peers;
    private final PieceRequests requests;
    private final HaveCoalescer haves;

    public PieceExchange(EngineContext ctx, ExchangePolicy policy, ExchangeTuning tuning, BitSet possession) {
        this(ctx, policy, tuning, possession, ExchangeOptions.PAPER);
    }

    public PieceExchange(EngineContext ctx, ExchangePolicy policy, ExchangeTuning tuning, BitSet possession,
                         ExchangeOptions options) {
        this.ctx = ctx;
        this.policy = policy;
        this.options = options;
        this.pieceCount = ctx.manifest().pieceCount();
        this.possession = (BitSet) possession.clone();
        this.peers = new Neighbours(ctx.neighbours(), options.choking(), tuning, ctx.manifest().pieceSize());
        this.requests = new PieceRequests(ctx, this, policy,
                options.selection() == null ? PieceSelection.random(ctx.random()) : options.selection(),
                options.endGame(), tuning, peers, this.possession);
        this.haves = new HaveCoalescer(ctx.timers(), tuning.haveIntervalNanos(), peers.all(),
                (peer, pieces) -> ctx.send(peer, Message.Have.of(ctx.op(), pieces)));
    }

    /** The operation ended on this node: no more announcements. */
    public void stop() {
        haves.stop();
        requests.stop();
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
        return requests.pending();
    }

    /** Retired: |pending(n)| + |possession(n)| = P. */
    public boolean retired() {
        return requests.retired();
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
            requests.fill(p);
        } else if (message instanceof Message.Have h) {
            for (int piece : h.pieces()) {
                p.has.set(piece);
            }
            updateInterest(p);
            requests.fill(p);
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

    /**
     * The shortest round trip seen from a request to {@code peer} to the piece answering it: the
     * propagation delay and one piece's serialisation, without queueing; {@link Long#MAX_VALUE} before
     * any piece arrived from it or for a peer that is not a neighbour.
     */
    public long minRttNanos(int peer) {
        PeerState p = peers.get(peer);
        return p == null ? Long.MAX_VALUE : p.window.minRttNanos();
    }

    /** How many live peers announced {@code piece}: its availability, for rarest-first. */
    public int availability(int piece) {
        return peers.availability(piece);
    }

    /** In the end game: enabled, and every missing piece is pending. */
    public boolean endGame() {
        return requests.endGame();
    }

    private void onChokedBy(PeerState p, boolean choked) {
        if (p.chokedBy != choked) {
            p.chokedBy = choked;
            requests.chokedBy(p, choked);
        }
    }

    /** With choking: interested = the peer announced a piece this node still wants; sent when it changes. */
    private void updateInterest(PeerState p) {
        if (!options.choking() || p.lost) {
            return;
        }
        boolean interested = requests.wantsFrom(p);
        if (interested != p.interested) {
            p.interested = interested;
            ctx.send(p.member, new Message.Interest(ctx.op(), interested));
        }
    }

    /** The first bytes of {@code piece} from {@code peer} arrived: if it was asked for, the peer serves this node. */
    public void onPieceArriving(int peer, int piece) {
        PeerState p = peers.live(peer);
        if (p != null && p.outstanding.get(piece)) {
            requests.arriving(p, piece);
        }
    }

    public void onPieceReceived(int peer, int piece) {
        PeerState p = peers.get(peer);
        requests.received(p, piece);
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
            requests.fill(p);
        }
        policy.afterRequests();
        if (complete()) {
            haves.flush();
            ctx.completed();
        }
    }

    public void onPieceRejected(int peer, int piece) {
        requests.rejected(peers.get(peer), piece);
    }

    public void onPeerLost(int peer) {
        PeerState p = peers.live(peer);
        if (p == null) {
            return;
        }
        p.lost = true;
        requests.lost(p);
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
        requests.hurry(members);
    }

    /** Tops up the requests to every live peer, e.g. after the desire grew. */
    public void fillAll() {
        requests.fillAll();
    }

    /** Tops up the requests to the given peers. */
    public void fill(List<Integer> members) {
        for (int m : members) {
            PeerState p = peers.live(m);
            if (p != null) {
                requests.fill(p);
            }
        }
    }
}

package io.robber.exchange;

import io.robber.engine.EngineContext;
import io.robber.wire.Message;
import java.util.BitSet;
import java.util.List;

/**
 * The requests of one {@link PieceExchange}: pending(n), the pieces requested and not yet received;
 * per peer, those outstanding at it, at most its {@link RequestWindow}, chosen by the
 * {@link PieceSelection} from desire(n, p) ∩ possession(p); and what becomes of them when the peer
 * answers, sends a piece that fails its digest, is lost or chokes this node. Requests left
 * unanswered are asked for elsewhere ({@link OverdueRequests}), and so are the last ones queued
 * behind a slower peer ({@link SecondRequests}). After every change the {@link ExchangePolicy} hears
 * {@link ExchangePolicy#afterRequests}.
 */
final class PieceRequests {
    private final EngineContext ctx;
    private final PieceExchange exchange;
    private final ExchangePolicy policy;
    private final PieceSelection selection;
    private final boolean endGameEnabled;
    private final Neighbours peers;
    private final BitSet possession;
    private final int pieceCount;
    private final BitSet pending = new BitSet();
    private final SecondRequests secondRequests;
    private final OverdueRequests overdue;
    /** The candidates of one {@link #fill}; kept so that topping up after each piece allocates nothing. */
    private final BitSet candidates = new BitSet();
    /** What one peer offers that this node wants ({@link #wantsFrom}). */
    private final BitSet wanted = new BitSet();

    PieceRequests(EngineContext ctx, PieceExchange exchange, ExchangePolicy policy, PieceSelection selection,
                  boolean endGameEnabled, ExchangeTuning tuning, Neighbours peers, BitSet possession) {
        this.ctx = ctx;
        this.exchange = exchange;
        this.policy = policy;
        this.selection = selection;
        this.endGameEnabled = endGameEnabled;
        this.peers = peers;
        this.possession = possession;
        this.pieceCount = ctx.manifest().pieceCount();
        this.secondRequests = new SecondRequests(tuning, ctx.manifest().pieceSize());
        this.overdue = new OverdueRequests(ctx, secondRequests, this::lookAt);
    }

    /** pending(n); read-only for callers. */
    BitSet pending() {
        return pending;
    }

    /** Retired: |pending(n)| + |possession(n)| = P. */
    boolean retired() {
        return pending.cardinality() + possession.cardinality() == pieceCount;
    }

    /** In the end game: enabled, and every missing piece is pending. */
    boolean endGame() {
        return endGameEnabled && retired() && possession.cardinality() != pieceCount;
    }

    /** Whether {@code p} announced a piece this node desires from it and does not hold. */
    boolean wantsFrom(PeerState p) {
        wantedFrom(p, wanted);
        return !wanted.isEmpty();
    }

    /** Sets {@code into} to what {@code p} announced that this node desires from it and does not hold. */
    private void wantedFrom(PeerState p, BitSet into) {
        into.clear();
        into.or(p.has);
        BitSet desire = policy.desire(p.member);
        if (desire != null) {
            into.and(desire);
        }
        into.andNot(possession);
    }

    /** {@code piece}, asked of {@code p}, is on its way: {@code p} serves this node. */
    void arriving(PeerState p, int piece) {
        overdue.arriving(p, piece);
    }

    /** {@code piece} arrived from {@code p} (null: not a neighbour): its request is answered. */
    void received(PeerState p, int piece) {
        if (p != null && p.outstanding.get(piece)) {
            p.outstanding.clear(piece);
            p.window.delivered(ctx.timers().nanoTime(), ctx.manifest().pieceLength(piece), p.outstanding.isEmpty());
            overdue.answered(p, piece);
        } else if (p != null) {
            p.crossingChoke.clear(piece);
        }
        pending.clear(piece);
    }

    /**
     * {@code piece} from {@code p} (null: not a neighbour) failed its digest check: {@code p} is no
     * longer thought to hold it, and it is wanted again unless a live peer asked a second time still
     * owes it.
     */
    void rejected(PeerState p, int piece) {
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

    /** {@code p}, now marked lost, answers nothing more: its requests go elsewhere. */
    void lost(PeerState p) {
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
     * {@code p} now chokes this node, or unchokes it: its outstanding requests are given up (their
     * pieces may still cross the choke) and go elsewhere, or it is asked for pieces again.
     */
    void chokedBy(PeerState p, boolean choked) {
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

    /** {@code p}'s oldest request is due: its overdue pieces are asked for elsewhere. */
    private void lookAt(PeerState p) {
        overdue.look(p, peers.all(), possession, this::request);
        policy.afterRequests();
    }

    /** See {@link PieceExchange#hurry}. */
    void hurry(List<Integer> members) {
        for (int m : members) {
            PeerState q = peers.live(m);
            if (q != null && !q.chokedBy) {
                secondRequests.ask(q, peers.all(), possession, this::request);
            }
        }
    }

    /** The operation ended on this node: no more looks at overdue requests. */
    void stop() {
        peers.all().forEach(overdue::forget);
    }

    private void abandon(int piece) {
        pending.clear(piece);
        if (!possession.get(piece)) {
            policy.onAbandoned(piece);
        }
    }

    /** Tops up the requests to every live peer. */
    void fillAll() {
        for (PeerState p : peers.all()) {
            if (!p.lost) {
                fill(p);
            }
        }
    }

    /** Tops up the requests to {@code p} to its window, unless it chokes this node. */
    void fill(PeerState p) {
        if (p.chokedBy) {
            return;
        }
        int window = p.windowSize();
        if (p.outstanding.cardinality() >= window) {
            return;
        }
        wantedFrom(p, candidates);
        candidates.andNot(endGame() ? p.outstanding : pending);
        int available = candidates.cardinality();
        while (available > 0 && p.outstanding.cardinality() < window) {
            int piece = selection.pick(exchange, p.member, candidates, available);
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
        ctx.send(p.member, new Message.Request(ctx.op(), piece), () -> overdue.left(p, piece));
        policy.onRequested(p.member, piece);
    }
}

package io.robber.exchange;

import io.robber.engine.EngineContext;
import java.util.BitSet;
import java.util.Collection;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;

/**
 * Requests a peer leaves unanswered (a departure from the paper, whose peers always answer). A peer
 * that keeps its connection alive but does not serve, because it is hung, hostile or announced
 * pieces it lacks, would otherwise hold those pieces pending for ever.
 *
 * <p>A request is overdue once it, and the peer's last delivery, are older than {@value #SLACK} times
 * the time the peer's whole window takes to arrive at its measured rate, plus a round trip (the
 * request pipelining of {@link RequestWindow}); at least a tenth of the failure timeout, and a third
 * of it before anything was measured. A peer that still delivers is never overdue, however slow:
 * one that skips requests (e.g. for pieces it announced but lacks) soon has only skipped ones in its
 * window, and stalls. An overdue piece is asked for again from another live peer that announced it and has
 * room in its window (each piece at most twice, shared with {@link SecondRequests}); the first copy
 * may still come and counts as a duplicate. A peer is looked at again once its oldest request is
 * due; each look that finds overdue requests is a strike, and a delivery from the peer clears them.
 * After {@value #STRIKES} strikes, when the peer has owed pieces without delivering any for the
 * failure timeout and another live peer announced one of them, it is dropped: disconnected and
 * declared dead, so its work is taken over as after any death. The only source of what it owes is
 * not dropped (that would put the pieces out of reach; e.g. a root whose disk stalls is waited for,
 * up to the caller's timeout). A piece whose first bytes have arrived is on its way: while one is,
 * the peer serves this node and nothing it owes is overdue, however long a large piece takes over a
 * slow or shared link. A request is timed from when it left this node, not from when it was queued:
 * on a connection that also carries this node's own pieces to the peer it waits behind them, as a
 * stream keeps its order, and a 1 MiB piece over a shared slow link can take longer than the failure
 * timeout. An honest peer starts a piece for this node at least once per failure timeout after this
 * node's requests reached it, so it is never dropped, at worst asked twice for a piece.
 */
final class OverdueRequests {
    /** How many times its expected delivery time a request may wait. */
    static final int SLACK = 4;
    /** Looks that find overdue requests, with no delivery in between, before a peer may be dropped. */
    static final int STRIKES = 3;

    private final EngineContext ctx;
    private final SecondRequests secondRequests;
    private final long failureNanos;
    private final Consumer<PeerState> due;
    /** The overdue pieces of one look. */
    private final BitSet overduePieces = new BitSet();

    /** {@code due} looks at a peer ({@link #look}) when its oldest request is due. */
    OverdueRequests(EngineContext ctx, SecondRequests secondRequests, Consumer<PeerState> due) {
        this.ctx = ctx;
        this.due = due;
        this.secondRequests = secondRequests;
        this.failureNanos = ctx.failureTimeout().toNanos();
    }

    /**
     * {@code piece} was just requested from {@code p}: it is timed from when the request leaves
     * ({@link #left}), and {@code p} looked at when it is due.
     */
    void requested(PeerState p, int piece) {
        p.requestedAt.put(piece, RequestTimes.NOT_LEFT);
        if (p.look == null) {
            lookIn(p, patience(p));
        }
    }

    /** The request for {@code piece} has left this node for {@code p}. */
    void left(PeerState p, int piece) {
        p.requestedAt.left(piece, ctx.timers().nanoTime());
    }

    private void lookIn(PeerState p, long nanos) {
        p.look = ctx.timers().schedule(nanos, () -> {
            p.look = null;
            due.accept(p);
        });
    }

    /** {@code p} answered the request for {@code piece} (with a good or a bad piece). */
    void answered(PeerState p, int piece) {
        p.requestedAt.remove(piece);
        p.arriving.clear(piece);
        p.strikes = 0;
        p.servedAt = ctx.timers().nanoTime();
    }

    /**
     * {@code piece}, asked of {@code p}, is on its way: {@code p} serves this node, however long the
     * piece takes to arrive whole. Its requests are timed from now and its strikes cleared, as after a
     * delivery, and none of them is overdue until the piece is in.
     */
    void arriving(PeerState p, int piece) {
        p.arriving.set(piece);
        p.strikes = 0;
        p.servedAt = ctx.timers().nanoTime();
    }

    /** Nothing is outstanding at {@code p} any more (lost, or it choked this node). */
    void forget(PeerState p) {
        p.requestedAt.clear();
        p.arriving.clear();
        p.strikes = 0;
        if (p.look != null) {
            p.look.run();
            p.look = null;
        }
    }

    /**
     * Looks at {@code p}: asks {@code request} for its overdue pieces from other peers, counts a
     * strike and drops it when it has owed pieces for the failure timeout; then looks again one
     * patience after its last delivery.
     */
    void look(PeerState p, Collection<PeerState> peers, BitSet possession, ObjIntConsumer<PeerState> request) {
        if (p.lost || p.requestedAt.isEmpty() || p.look != null) {
            return;
        }
        long now = ctx.timers().nanoTime();
        long patience = patience(p);
        if (!p.arriving.isEmpty()) {
            lookIn(p, patience);
            return;
        }
        long oldest = p.requestedAt.oldest();
        if (oldest == RequestTimes.NOT_LEFT) {
            lookIn(p, patience);
            return;
        }
        long owedSince = Math.max(p.servedAt, oldest);
        BitSet overdue = overduePieces;
        overdue.clear();
        if (now - owedSince >= patience) {
            p.requestedAt.olderThan(now, patience, overdue);
        }
        if (!overdue.isEmpty()) {
            ctx.metrics().requestsOverdue(askElsewhere(p, overdue, peers, possession, request));
            p.strikes++;
            if (p.strikes >= STRIKES && now - owedSince >= failureNanos && heldElsewhere(p, overdue, peers)) {
                ctx.drop(p.member, "answered none of " + p.requestedAt.size() + " requests for "
                        + seconds(now - owedSince) + " while connected");
                return;
            }
        }
        lookIn(p, Math.max(owedSince + patience - now, patience / 2));
    }

    /** Asks other live peers with room for the overdue pieces not asked for twice yet; returns how many. */
    private int askElsewhere(PeerState slow, BitSet overdue, Collection<PeerState> peers, BitSet possession,
                             ObjIntConsumer<PeerState> request) {
        int asked = 0;
        for (int piece = overdue.nextSetBit(0); piece >= 0; piece = overdue.nextSetBit(piece + 1)) {
            PeerState other = possession.get(piece) || !secondRequests.askAgain(piece) ? null
                    : leastBusy(slow, piece, peers);
            if (other != null) {
                secondRequests.markAsked(piece);
                request.accept(other, piece);
                asked++;
            }
        }
        return asked;
    }

    /**
     * The live peer other than {@code slow} that announced {@code piece}, was not asked for it and has
     * room in its window, with the fewest requests outstanding; null when there is none.
     */
    private static PeerState leastBusy(PeerState slow, int piece, Collection<PeerState> peers) {
        PeerState best = null;
        for (PeerState q : peers) {
            if (q != slow && !q.lost && !q.chokedBy && q.has.get(piece) && !q.outstanding.get(piece) && q.hasRoom()
                    && (best == null || q.outstanding.cardinality() < best.outstanding.cardinality())) {
                best = q;
            }
        }
        return best;
    }

    /** Whether another live peer announced one of {@code pieces}: dropping {@code p} then loses nothing. */
    private static boolean heldElsewhere(PeerState p, BitSet pieces, Collection<PeerState> peers) {
        for (PeerState q : peers) {
            if (q != p && !q.lost && q.has.intersects(pieces)) {
                return true;
            }
        }
        return false;
    }

    /** How long a request to {@code p} may wait. */
    private long patience(PeerState p) {
        long floor = failureNanos / 10;
        long expected = p.window.nanosToDeliver(p.windowSize(), ctx.manifest().pieceSize());
        if (expected == Long.MAX_VALUE) {
            return Math.max(floor, failureNanos / 3);
        }
        long rtt = p.window.minRttNanos();
        long sum = rtt == Long.MAX_VALUE ? expected : expected + rtt;
        return Math.max(floor, (long) Math.min(Long.MAX_VALUE / 2, (double) SLACK * sum));
    }

    private static String seconds(long nanos) {
        return nanos % 1_000_000_000L == 0 ? nanos / 1_000_000_000L + " s"
                : String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}

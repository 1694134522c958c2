package io.robber.collective;

import io.robber.engine.EngineContext;
import io.robber.exchange.PieceExchange;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Relaying between clusters: a node whose global peers hold pieces that are not its work, and that no
 * local peer announced, wishes for those pieces — it asks its local peers to hand over what of them is
 * in their work. Each piece stays in exactly one work of the collective, so the collective still
 * fetches it over the wide area once, but from a peer that has it now (a sibling cluster that relays
 * it) instead of the one the work's owner happens to ask.
 *
 * <p>A wish names, for an idle global peer, a batch of what it holds (see the constructor), and for
 * one with requests outstanding what it delivers in one interval at its measured rate: the work
 * follows the pieces to the members whose peers hold them while those peers are still busy, instead
 * of after their connections ran dry. Wishing for idle peers only left the collective's work with
 * members whose peers lacked it: in virtual time, medians of seeds 42, 1 and 2, tc2-c4 57.9 → 59.9 %
 * of the bound and tc4-4x16 80.8 → 84.0 %, at a §4.4 overhead of at most 0.38 % (tc2-error-c1). A
 * full batch for busy peers too gained as much but cost 0.51 % there; at least one piece per busy
 * peer moved work towards connections that take longer than an interval per piece (2,000 nodes,
 * 1 MiB pieces: 13.4 → 12.7 %).
 *
 * <p>For a busy global peer a node wishes only for what it would ask that peer for
 * ({@link OnlySourceFirst#keepTakable}): over a slow connection, pieces of a near cluster's share
 * would sit in its work untouched while a colleague could fetch them elsewhere. An idle peer's batch
 * is not filtered: over TC1's loaded links, whose round trips make clusters near and far by turns,
 * filtering it too cost tc1-slow up to two points.
 *
 * <p>One wish is out at a time, answered by every live local peer with a grant (maybe empty), and a
 * node wishes at most once per interval: a wish and its grants cost two messages per local peer, and
 * without the interval a node wished again after nearly every request (two such messages per piece per
 * node in tc1-slow, an overhead of 1.3 %). Pieces nobody granted are not wished for again. As with
 * stealing, a grant is lost if the connection drops before the wisher got it, so the granter keeps it
 * until the wisher's next wish acknowledges it and takes it back when the connection is lost first
 * ({@link HandedOverWork}).
 *
 * <p>A wish also asks for the pieces of this cluster's class ({@link PieceClasses}) that a slow global
 * peer holds when that peer was asked for none of them ({@link #shortOfOwnClassAt}): the collective's
 * members have different global peers, so one member's work can hold more of the class than its slow
 * connections fetch while another's slow connections have none of it left and would fetch other
 * clusters' classes, which their own clusters fetch too. A granter keeps of its class what its own
 * global peers that hold it deliver in {@link #OWN_CLASS_KEPT_NANOS} at their measured rates, and hands
 * over only the rest.
 */
final class WorkWishes {
    /**
     * Of its class, a granter keeps what its global peers deliver in this time. In virtual time (seed 42)
     * 0.5 and 2 s gave the same as 1 s within a point in TC2 with 2–4 clusters per continent.
     */
    static final long OWN_CLASS_KEPT_NANOS = 1_000_000_000L;

    private final EngineContext ctx;
    private final CollectiveWork work;
    private final PieceExchange exchange;
    private final List<Integer> localPeers;
    private final List<Integer> globalPeers;
    private final PieceClasses classes;
    private final Consumer<BitSet> employ;
    private final OfferFilter takable;
    private final int perPeer;
    private final long intervalNanos;
    private boolean wishedBefore;
    private long lastWish;
    private Runnable cancelTimer;
    /** Local peers whose grant for the current wish has not arrived. */
    private final Set<Integer> awaited = new HashSet<>();
    private final BitSet wished = new BitSet();
    private final BitSet granted = new BitSet();
    /** Wished for and granted by nobody: not wished for again. */
    private final BitSet refused = new BitSet();
    /** Grants to wishers, kept until acknowledged and taken back from those that come back. */
    private final HandedOverWork handedOut;
    /** Slow global peers asked for none of this cluster's class since the last wish. */
    private final Set<Integer> shortOfOwnClass = new HashSet<>();

    /**
     * @param perPeer       pieces wished for per idle global peer, or as many as it delivers in two intervals at its
     *                      measured rate if that is more, so that a fast peer stays busy until the next wish
     * @param intervalNanos the shortest time between two wishes
     * @param employ        adds granted or taken-back work and starts on it
     * @param takable       takes out of a busy global peer's offer what this node would not ask it for
     */
    WorkWishes(EngineContext ctx, CollectiveWork work, PieceExchange exchange, List<Integer> localPeers,
               List<Integer> globalPeers, PieceClasses classes, int perPeer, long intervalNanos,
               Consumer<BitSet> employ, OfferFilter takable) {
        this.ctx = ctx;
        this.work = work;
        this.exchange = exchange;
        this.localPeers = localPeers;
        this.globalPeers = globalPeers;
        this.classes = classes;
        this.perPeer = perPeer;
        this.intervalNanos = intervalNanos;
        this.employ = employ;
        this.takable = takable;
        this.handedOut = new HandedOverWork(exchange, localPeers, employ);
    }

    /** {@code peer}, a slow global peer, was asked for none of this cluster's class: wish for what of it it holds. */
    void shortOfOwnClassAt(int peer) {
        shortOfOwnClass.add(peer);
    }

    /**
     * Wishes, unless a wish is out, for what the global peers could serve beyond this node's work;
     * within the interval after the last wish, once the interval has passed.
     */
    void maybeWish() {
        if (!awaited.isEmpty() || localPeers.isEmpty() || exchange.complete() || cancelTimer != null) {
            return;
        }
        long wait = wishedBefore ? lastWish + intervalNanos - ctx.timers().nanoTime() : 0;
        if (wait > 0) {
            cancelTimer = ctx.timers().schedule(wait, () -> {
                cancelTimer = null;
                maybeWish();
            });
            return;
        }
        BitSet unavailable = exchange.announcedBy(localPeers);
        unavailable.or(exchange.possession());
        unavailable.or(exchange.pending());
        unavailable.or(work.work());
        unavailable.or(refused);
        BitSet wish = new BitSet();
        for (int g : shortOfOwnClass) {
            if (exchange.connected(g)) {
                BitSet offer = exchange.announcedBy(List.of(g));
                offer.and(classes.own());
                offer.andNot(unavailable);
                offer.andNot(wish);
                pickRandom(offer, batch(g), wish);
            }
        }
        shortOfOwnClass.clear();
        for (int g : globalPeers) {
            if (!exchange.connected(g)) {
                continue;
            }
            BitSet offer = exchange.announcedBy(List.of(g));
            offer.andNot(unavailable);
            offer.andNot(wish);
            boolean idle = exchange.outstanding(g).isEmpty();
            if (!idle) {
                takable.keep(g, offer);
            }
            pickRandom(offer, idle ? batch(g) : topUp(g), wish);
        }
        if (wish.isEmpty()) {
            return;
        }
        wishedBefore = true;
        lastWish = ctx.timers().nanoTime();
        wished.clear();
        wished.or(wish);
        granted.clear();
        for (int p : localPeers) {
            if (exchange.connected(p)) {
                awaited.add(p);
                ctx.sendOwn(p, new RelayMessage.Wish((BitSet) wish.clone()));
            }
        }
        if (awaited.isEmpty()) {
            refused.or(wished);
        }
    }

    /** The operation ended: no more wishes. */
    void stop() {
        if (cancelTimer != null) {
            cancelTimer.run();
            cancelTimer = null;
        }
    }

    /** How many pieces to wish for at once for {@code peer} when it is idle, or short of the own class. */
    private int batch(int peer) {
        return (int) Math.max(perPeer, exchange.piecesWithin(peer, 2 * intervalNanos));
    }

    /**
     * How many pieces to wish for for {@code peer} while it has requests outstanding: what it delivers in
     * an interval at its measured rate; none before it was measured, or when it delivers less than a
     * piece per interval.
     */
    private int topUp(int peer) {
        return (int) Math.min(Integer.MAX_VALUE, exchange.piecesWithin(peer, intervalNanos));
    }

    private void pickRandom(BitSet from, int count, BitSet into) {
        int available = from.cardinality();
        for (int n = 0; n < count && available > 0; n++, available--) {
            int skip = ctx.random().nextInt(available);
            int piece = from.nextSetBit(0);
            for (int i = 0; i < skip; i++) {
                piece = from.nextSetBit(piece + 1);
            }
            from.clear(piece);
            into.set(piece);
        }
    }

    void onMessage(int peer, RelayMessage message) {
        if (message instanceof RelayMessage.Wish w) {
            handedOut.acknowledged(peer);
            BitSet loot = w.pieces();
            loot.and(work.work());
            keepOwnClass(loot);
            work.work().andNot(loot);
            handedOut.handed(peer, loot);
            ctx.sendOwn(peer, new RelayMessage.Grant(loot));
        } else if (message instanceof RelayMessage.Grant g && awaited.remove(peer)) {
            BitSet loot = g.pieces();
            granted.or(loot);
            loot.andNot(exchange.possession());
            loot.andNot(exchange.pending());
            if (!loot.isEmpty()) {
                employ.accept(loot);
            }
            finishIfAnswered();
        }
    }

    /**
     * Takes out of {@code loot} the pieces of this cluster's class that this node's global peers holding
     * them deliver within {@link #OWN_CLASS_KEPT_NANOS}, counted against its whole work of the class.
     */
    private void keepOwnClass(BitSet loot) {
        BitSet ownWork = (BitSet) work.work().clone();
        ownWork.and(classes.own());
        if (!loot.intersects(ownWork)) {
            return;
        }
        long kept = 0;
        for (int g : globalPeers) {
            if (exchange.connected(g) && exchange.announcedBy(List.of(g)).intersects(ownWork)) {
                kept += exchange.piecesWithin(g, OWN_CLASS_KEPT_NANOS);
            }
        }
        long spare = ownWork.cardinality() - kept;
        int handed = 0;
        for (int i = loot.nextSetBit(0); i >= 0; i = loot.nextSetBit(i + 1)) {
            if (ownWork.get(i) && handed++ >= spare) {
                loot.clear(i);
            }
        }
    }

    /** Which of a global peer's offered pieces this node would request from it. */
    @FunctionalInterface
    interface OfferFilter {
        /** Takes out of {@code offer} what this node would not request from {@code peer}. */
        void keep(int peer, BitSet offer);
    }

    void onPeerLost(int peer) {
        if (awaited.remove(peer)) {
            finishIfAnswered();
        }
        handedOut.takeBackFromLost(peer);
    }

    /** A local peer came back: what it was granted is taken back, since it may have restarted without it. */
    void onPeerReconnected(int peer) {
        handedOut.takeBackFromReturned(peer);
    }

    private void finishIfAnswered() {
        if (awaited.isEmpty()) {
            wished.andNot(granted);
            refused.or(wished);
        }
    }
}

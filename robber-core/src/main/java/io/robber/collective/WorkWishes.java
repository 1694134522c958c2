package io.robber.collective;

import io.robber.engine.EngineContext;
import io.robber.exchange.PieceExchange;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Relaying between clusters: a node whose global connections have room while its global peers hold
 * pieces that are not its work, and that no local peer announced, wishes for those pieces — it asks
 * its local peers to hand over what of them is in their work. Each piece stays in exactly one work of
 * the collective, so the collective still fetches it over the wide area once, but from a peer that
 * has it now (a sibling cluster that relays it) instead of the one the work's owner happens to ask.
 *
 * <p>One wish is out at a time, answered by every live local peer with a grant (maybe empty), and a
 * node wishes at most once per interval: a wish and its grants cost two messages per local peer, and
 * without the interval a node wished again after nearly every request (two such messages per piece per
 * node in tc1-slow, an overhead of 1.3 %). Pieces nobody granted are not wished for again. As with stealing, a grant is lost if the connection drops
 * before the wisher got it, so the granter keeps it until the wisher's next wish acknowledges it and
 * takes it back when the connection is lost first.
 */
final class WorkWishes {
    private final EngineContext ctx;
    private final CollectiveWork work;
    private final PieceExchange exchange;
    private final List<Integer> localPeers;
    private final List<Integer> globalPeers;
    private final Consumer<BitSet> employ;
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
    /** Grants to each wisher not yet acknowledged. */
    private final Map<Integer, BitSet> handedOut = new HashMap<>();

    /**
     * @param perPeer       pieces wished for per idle global peer, or as many as it delivers in two intervals at its
     *                      measured rate if that is more, so that a fast peer stays busy until the next wish
     * @param intervalNanos the shortest time between two wishes
     * @param employ        adds granted or taken-back work and starts on it
     */
    WorkWishes(EngineContext ctx, CollectiveWork work, PieceExchange exchange, List<Integer> localPeers,
               List<Integer> globalPeers, int perPeer, long intervalNanos, Consumer<BitSet> employ) {
        this.ctx = ctx;
        this.work = work;
        this.exchange = exchange;
        this.localPeers = localPeers;
        this.globalPeers = globalPeers;
        this.perPeer = perPeer;
        this.intervalNanos = intervalNanos;
        this.employ = employ;
    }

    /**
     * Wishes, unless a wish is out, for what idle global peers could serve beyond this node's work;
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
        for (int g : globalPeers) {
            if (!exchange.connected(g) || !exchange.outstanding(g).isEmpty()) {
                continue;
            }
            BitSet offer = exchange.announcedBy(List.of(g));
            offer.andNot(unavailable);
            offer.andNot(wish);
            pickRandom(offer, (int) Math.max(perPeer, exchange.piecesWithin(g, 2 * intervalNanos)), wish);
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
            handedOut.remove(peer);
            BitSet loot = w.pieces();
            loot.and(work.work());
            work.work().andNot(loot);
            if (!loot.isEmpty()) {
                handedOut.put(peer, (BitSet) loot.clone());
            }
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

    void onPeerLost(int peer) {
        if (awaited.remove(peer)) {
            finishIfAnswered();
        }
        BitSet loot = handedOut.remove(peer);
        if (loot != null) {
            loot.andNot(exchange.possession());
            loot.andNot(exchange.pending());
            if (!loot.isEmpty()) {
                employ.accept(loot);
            }
        }
    }

    private void finishIfAnswered() {
        if (awaited.isEmpty()) {
            wished.andNot(granted);
            refused.or(wished);
        }
    }
}

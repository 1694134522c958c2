package io.robber.collective;

import io.robber.engine.EngineContext;
import io.robber.exchange.PieceExchange;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Robber's work stealing (§3.1): an unemployed node steals work from a random member of its local
 * labor force; the victim hands over ⌈|work|/2⌉ pieces; a successful steal starts the three-step
 * new-work sequence.
 *
 * <p>The loot holds the pieces of the cluster's own class first ({@link PieceClasses#own()}), then the
 * front of the rest; §3.1 hands over the front of the work. A thief steals because it got through its
 * work faster than its victim, and the own class is the part of the work that, for this cluster, only the
 * root collective holds: the other classes also come from the clusters that own them. So the faster
 * member takes the part with the fewest sources (README, departures).
 *
 * <p>Every node steals, including a node without global peers (clusters of different sizes leave
 * some ranks without any, §3.1 phase 2). Such a node cannot fetch its work, but it relays work: the
 * proof of Theorem 2 (§3.3.2) needs work to move along local paths through intermediate nodes, since
 * a working node need not be a neighbour of any node that has global peers.
 *
 * <p>Step 3 of the sequence, found-work, waits {@link #FOUND_WORK_PAUSE_NANOS} when step 2 could
 * request none of the new work (no global peer announced any of it yet): the work is offered on
 * then, if still here, rather than at once. Offered at once, a piece no global peer of the collective
 * holds yet performs its random walk (§3.3.2) at the pace of local round trips, a steal, a work and a
 * found-work to every local peer per hop, which was most of the control traffic with many clusters.
 * A member without global peers, which can start on nothing, offers its work on at once.
 *
 * <p>Work handed to a thief is lost if the connection drops before the thief got it, so a victim
 * keeps the loot until the thief acknowledges it implicitly — by its next steal or its found-work,
 * both sent only after it took the loot — and takes it back when the connection is lost first
 * ({@link HandedOverWork}).
 *
 * <p>A steal is answered at once by an honest victim, so one left unanswered for a tenth of the
 * failure timeout ({@link #STEAL_PATIENCE}) is given up on: the victim leaves the labor force until it
 * announces work again and the thief steals elsewhere, instead of waiting for ever on a peer that
 * stays connected but does not take part. Work that victim still sends for it is taken, since it
 * handed the loot over and keeps it only until the thief's next steal or found-work.
 */
public final class WorkStealing {
    /** How long found-work waits when the new work could not be started on. */
    static final long FOUND_WORK_PAUSE_NANOS = 50_000_000L;
    /** The part of the failure timeout a steal may go unanswered. */
    static final int STEAL_PATIENCE = 10;

    private final EngineContext ctx;
    private final CollectiveWork work;
    private final PieceExchange exchange;
    private final List<Integer> localPeers;
    private final List<Integer> globalPeers;
    private final Runnable tellGlobalPeers;
    private final Consumer<BitSet> employ;
    private final Runnable whenIdle;
    private final Supplier<BitSet> lootFirst;
    /** Local peers that presumably have work. */
    private final Set<Integer> laborForce = new LinkedHashSet<>();
    /** The loot of thieves, kept until acknowledged and taken back from those that come back. */
    private final HandedOverWork handedOut;
    /**
     * Per victim, the steals given up on that it has not answered yet: TCP keeps its answers in order,
     * so its next works answer those, and are taken as any loot.
     */
    private final Map<Integer, Integer> lateAnswers = new HashMap<>();
    private final long stealDeadlineNanos;
    private int victim = -1;
    private Runnable stealDeadline;
    private Runnable pausedFoundWork;

    /**
     * @param tellGlobalPeers sends this node's desire to its global peers (once it may: see
     *                        {@link CollectiveEngine#onCollectivePossession})
     * @param employ   adds stolen or taken-back work and starts on it
     * @param whenIdle runs when this node is unemployed and has nobody left to steal from
     * @param lootFirst the pieces a victim hands over ahead of the rest: the cluster's own class, or none
     */
    public WorkStealing(EngineContext ctx, CollectiveWork work, PieceExchange exchange, List<Integer> localPeers,
                        List<Integer> globalPeers, Runnable tellGlobalPeers, Consumer<BitSet> employ,
                        Runnable whenIdle, Supplier<BitSet> lootFirst) {
        this.ctx = ctx;
        this.work = work;
        this.exchange = exchange;
        this.localPeers = localPeers;
        this.globalPeers = globalPeers;
        this.tellGlobalPeers = tellGlobalPeers;
        this.employ = employ;
        this.whenIdle = whenIdle;
        this.lootFirst = lootFirst;
        this.stealDeadlineNanos = ctx.failureTimeout().toNanos() / STEAL_PATIENCE;
        this.handedOut = new HandedOverWork(exchange, localPeers, employ);
    }

    /** Found-work to every local peer: bootstraps the labor forces, and announces new work. */
    public void announceWork() {
        for (int p : localPeers) {
            ctx.send(p, new Message.FoundWork(ctx.op()));
        }
    }

    /**
     * Step 3 of the new-work sequence after {@code loot} was added to the work and requested where
     * possible: found-work to every local peer, at once if some of the loot was requested or this
     * node has no global peers, else after the pause if work is left then.
     */
    public void foundWork(BitSet loot) {
        BitSet waiting = (BitSet) loot.clone();
        waiting.and(work.work());
        if (globalPeers.isEmpty() || !waiting.equals(loot)) {
            announceWork();
        } else if (pausedFoundWork == null) {
            pausedFoundWork = ctx.timers().schedule(FOUND_WORK_PAUSE_NANOS, () -> {
                pausedFoundWork = null;
                if (!work.unemployed()) {
                    announceWork();
                }
            });
        }
    }

    /** Cancels a paused found-work and a steal's deadline. */
    public void stop() {
        if (pausedFoundWork != null) {
            pausedFoundWork.run();
            pausedFoundWork = null;
        }
        cancelStealDeadline();
    }

    /**
     * Handles steal, work and found-work; returns false for any other message. They are local-only
     * (§3.1: work is stolen inside a collective), so from a member of another cluster they are refused.
     */
    public boolean onMessage(int peer, Message message) {
        boolean stealing = message instanceof Message.Steal || message instanceof Message.Work
                || message instanceof Message.FoundWork;
        if (stealing && !localPeers.contains(peer)) {
            ctx.refuse(peer, message.type(), "work is stolen only inside a collective, and it is not a local peer");
        } else if (message instanceof Message.Steal) {
            onSteal(peer);
        } else if (message instanceof Message.Work w) {
            onWork(peer, w.pieces());
        } else if (message instanceof Message.FoundWork) {
            handedOut.acknowledged(peer);
            laborForce.add(peer);
            maybeSteal();
        } else {
            return false;
        }
        return true;
    }

    public void onPeerLost(int peer) {
        laborForce.remove(peer);
        lateAnswers.remove(peer);
        handedOut.takeBackFromLost(peer);
        if (victim == peer) {
            cancelStealDeadline();
            victim = -1;
            maybeSteal();
        }
    }

    /**
     * A reconnected local peer hears, as at the start, that this node may have work; what it stole here
     * is taken back, since it may have restarted without it ({@link HandedOverWork}).
     */
    public void onPeerReconnected(int peer) {
        if (localPeers.contains(peer)) {
            handedOut.takeBackFromReturned(peer);
            ctx.send(peer, new Message.FoundWork(ctx.op()));
        }
    }

    private void onSteal(int thief) {
        handedOut.acknowledged(thief);
        BitSet loot = work.takeFront((work.work().cardinality() + 1) / 2, lootFirst.get());
        ctx.send(thief, new Message.Work(ctx.op(), loot));
        handedOut.handed(thief, loot);
        if (!loot.isEmpty()) {
            tellGlobalPeers.run();
        }
    }

    private void onWork(int from, BitSet loot) {
        if (lateAnswers.containsKey(from)) {
            lateAnswers.computeIfPresent(from, (v, n) -> n > 1 ? n - 1 : null);
            take(unheld(loot));
            return;
        }
        if (from != victim) {
            ctx.refuse(from, MessageType.WORK, "this node did not try to steal from it");
            return;
        }
        cancelStealDeadline();
        victim = -1;
        if (unheld(loot).isEmpty()) {
            laborForce.remove(from);
            maybeSteal();
        } else {
            take(loot);
        }
    }

    /** {@code loot}, less what is here or requested by now. */
    private BitSet unheld(BitSet loot) {
        loot.andNot(exchange.possession());
        loot.andNot(exchange.pending());
        return loot;
    }

    private void take(BitSet loot) {
        if (!loot.isEmpty()) {
            ctx.metrics().stealSucceeded(loot.cardinality());
            employ.accept(loot);
        }
    }

    /** Unemployed with nobody to steal from, or retired (stealing can add nothing), and no steal under way. */
    boolean exhausted() {
        return victim < 0 && work.unemployed() && (laborForce.isEmpty() || exchange.retired());
    }

    /** Steals when unemployed, not retired, idle and some local peer presumably has work. */
    void maybeSteal() {
        if (victim >= 0 || !work.unemployed() || exchange.retired()) {
            return;
        }
        if (laborForce.isEmpty()) {
            whenIdle.run();
            return;
        }
        List<Integer> candidates = new ArrayList<>(laborForce);
        victim = candidates.get(ctx.random().nextInt(candidates.size()));
        ctx.metrics().stealTried();
        ctx.send(victim, new Message.Steal(ctx.op()));
        stealDeadline = ctx.timers().schedule(stealDeadlineNanos, this::giveUp);
    }

    /** The victim left the steal unanswered: it leaves the labor force, and the thief steals elsewhere. */
    private void giveUp() {
        stealDeadline = null;
        ctx.metrics().stealUnanswered();
        laborForce.remove(victim);
        lateAnswers.merge(victim, 1, Integer::sum);
        victim = -1;
        maybeSteal();
    }

    private void cancelStealDeadline() {
        if (stealDeadline != null) {
            stealDeadline.run();
            stealDeadline = null;
        }
    }
}

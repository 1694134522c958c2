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

/**
 * Robber's work stealing (§3.1): an unemployed node steals work from a random member of its local
 * labor force; the victim hands over the first ⌈|work|/2⌉ pieces; a successful steal starts the
 * three-step new-work sequence.
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
 * both sent only after it took the loot — and takes it back when the connection is lost first.
 */
public final class WorkStealing {
    /** How long found-work waits when the new work could not be started on. */
    static final long FOUND_WORK_PAUSE_NANOS = 50_000_000L;

    private final EngineContext ctx;
    private final CollectiveWork work;
    private final PieceExchange exchange;
    private final List<Integer> localPeers;
    private final List<Integer> globalPeers;
    private final Runnable tellGlobalPeers;
    private final Consumer<BitSet> employ;
    private final Runnable whenIdle;
    /** Local peers that presumably have work. */
    private final Set<Integer> laborForce = new LinkedHashSet<>();
    /** Loot handed to each thief and not yet acknowledged. */
    private final Map<Integer, BitSet> handedOut = new HashMap<>();
    private int victim = -1;
    private Runnable pausedFoundWork;

    /**
     * @param tellGlobalPeers sends this node's desire to its global peers (once it may: see
     *                        {@link CollectiveEngine#onCollectivePossession})
     * @param employ   adds stolen or taken-back work and starts on it
     * @param whenIdle runs when this node is unemployed and has nobody left to steal from
     */
    public WorkStealing(EngineContext ctx, CollectiveWork work, PieceExchange exchange, List<Integer> localPeers,
                        List<Integer> globalPeers, Runnable tellGlobalPeers, Consumer<BitSet> employ,
                        Runnable whenIdle) {
        this.ctx = ctx;
        this.work = work;
        this.exchange = exchange;
        this.localPeers = localPeers;
        this.globalPeers = globalPeers;
        this.tellGlobalPeers = tellGlobalPeers;
        this.employ = employ;
        this.whenIdle = whenIdle;
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

    /** Cancels a paused found-work. */
    public void stop() {
        if (pausedFoundWork != null) {
            pausedFoundWork.run();
            pausedFoundWork = null;
        }
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
            handedOut.remove(peer);
            laborForce.add(peer);
            maybeSteal();
        } else {
            return false;
        }
        return true;
    }

    public void onPeerLost(int peer) {
        laborForce.remove(peer);
        BitSet loot = handedOut.remove(peer);
        if (loot != null) {
            loot.andNot(exchange.possession());
            loot.andNot(exchange.pending());
            if (!loot.isEmpty()) {
                employ.accept(loot);
            }
        }
        if (victim == peer) {
            victim = -1;
            maybeSteal();
        }
    }

    /** A reconnected local peer hears, as at the start, that this node may have work. */
    public void onPeerReconnected(int peer) {
        if (localPeers.contains(peer)) {
            ctx.send(peer, new Message.FoundWork(ctx.op()));
        }
    }

    private void onSteal(int thief) {
        handedOut.remove(thief);
        BitSet loot = work.takeFront((work.work().cardinality() + 1) / 2);
        ctx.send(thief, new Message.Work(ctx.op(), loot));
        if (!loot.isEmpty()) {
            handedOut.put(thief, (BitSet) loot.clone());
            tellGlobalPeers.run();
        }
    }

    private void onWork(int from, BitSet loot) {
        if (from != victim) {
            ctx.refuse(from, MessageType.WORK, "this node did not try to steal from it");
            return;
        }
        victim = -1;
        loot.andNot(exchange.possession());
        loot.andNot(exchange.pending());
        if (loot.isEmpty()) {
            laborForce.remove(from);
            maybeSteal();
            return;
        }
        ctx.metrics().stealSucceeded(loot.cardinality());
        employ.accept(loot);
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
    }
}

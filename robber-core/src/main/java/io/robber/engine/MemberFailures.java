package io.robber.engine;

import io.robber.api.Group;
import io.robber.wire.Message;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;

/**
 * What one node knows about failed members during an operation. The papers assume members never
 * fail; a deployment cannot, so an {@link Operation} keeps:
 * <ul>
 *   <li>a loss timer per lost neighbour: a connection that stays down for the failure timeout makes
 *       that member dead (a reconnection before then cancels it); a connection that stays up but on
 *       which nothing at all arrives for the failure timeout (a frozen process) makes it dead at once,
 *       since the transport's idle detection has already waited that long;</li>
 *   <li>the dead members and why, learnt locally or from the group-wide flood ({@link Message.Dead}),
 *       which it passes on;</li>
 *   <li>a start watch: a neighbour that connected but has not started the operation (its possession
 *       is unknown) when the failure timeout has passed since this node started is dead;</li>
 *   <li>a watchdog: once some member is dead, an incomplete node that receives no piece for the
 *       failure timeout gives up, because the data it lacks may have died with that member. This is
 *       what guarantees that no survivor hangs, whatever died.</li>
 * </ul>
 */
final class MemberFailures {
    private final int op;
    private final Group group;
    private final int self;
    private final PeerGraph graph;
    private final Timers timers;
    private final Duration timeout;
    private final Flooding flooding;
    private final BitSet dead = new BitSet();
    private final String[] reasons;
    private final Map<Integer, Runnable> lossTimers = new HashMap<>();
    private Runnable watchdog;
    private Runnable startWatch;
    private BitSet reachable;
    private long lastProgress;

    MemberFailures(int op, Group group, int self, PeerGraph graph, Timers timers, Duration timeout, Flooding flooding) {
        this.op = op;
        this.group = group;
        this.self = self;
        this.graph = graph;
        this.timers = timers;
        this.timeout = timeout;
        this.flooding = flooding;
        this.reasons = new String[group.size()];
    }

    /** Starts the loss timer of {@code peer} unless it runs already; {@code expired} runs when it fires. */
    void lost(int peer, Runnable expired) {
        lossTimers.computeIfAbsent(peer, p -> timers.schedule(timeout.toNanos(), () -> {
            lossTimers.remove(p);
            expired.run();
        }));
    }

    /** Whether the connection to {@code peer} is down and its loss timer running. */
    boolean isLost(int peer) {
        return lossTimers.containsKey(peer);
    }

    void reconnected(int peer) {
        Runnable cancel = lossTimers.remove(peer);
        if (cancel != null) {
            cancel.run();
        }
    }

    /**
     * Records a death learnt from {@code from} (-1: found here) and floods it on; false when it was
     * known.
     */
    boolean record(int member, String reason, int from) {
        if (dead.get(member)) {
            return false;
        }
        dead.set(member);
        reachable = null;
        reasons[member] = reason;
        reconnected(member);
        flooding.flood(new Message.Dead(op, member, reason), from, member);
        return true;
    }

    /** Sends every known death to {@code peer}. */
    void resend(int peer) {
        for (int m = dead.nextSetBit(0); m >= 0; m = dead.nextSetBit(m + 1)) {
            if (flooding.mayTell(peer, m)) {
                flooding.send(peer, new Message.Dead(op, m, reasons[m]));
            }
        }
    }

    boolean isDead(int member) {
        return dead.get(member);
    }

    /** The dead members; a copy. */
    BitSet dead() {
        return (BitSet) dead.clone();
    }

    /** "connection lost at c0n1 and not back within 30 s" */
    String lossReason() {
        return "connection lost at " + group.member(self).id() + " and not back within " + seconds();
    }

    /** "sent nothing to c0n1 for 30 s" */
    String silenceReason() {
        return "sent nothing to " + group.member(self).id() + " for " + seconds();
    }

    /**
     * Arms one timer: after {@code grace} plus the failure timeout, every one of {@code neighbours}
     * that has not started ({@code started} false), is not dead yet and is connected (a lost one has
     * its loss timer) is passed to {@code notStarted}.
     */
    void awaitStart(List<Integer> neighbours, Duration grace, IntPredicate started, IntConsumer notStarted) {
        startWatch = timers.schedule(grace.plus(timeout).toNanos(), () -> {
            startWatch = null;
            for (int n : neighbours) {
                if (!started.test(n) && !dead.get(n) && !lossTimers.containsKey(n)) {
                    notStarted.accept(n);
                }
            }
        });
    }

    /** "did not start the operation within 90 s of c0n1's start" */
    String notStartedReason(Duration grace) {
        return "did not start the operation within " + seconds(grace.plus(timeout)) + " of "
                + group.member(self).id() + "'s start";
    }

    /** A piece arrived. */
    void progress() {
        lastProgress = timers.nanoTime();
    }

    /** Arms the watchdog once; {@code giveUp} runs when no piece arrived for the failure timeout. */
    void watch(Runnable giveUp) {
        if (watchdog == null) {
            lastProgress = timers.nanoTime();
            watchdog = timers.schedule(timeout.toNanos(), () -> check(giveUp));
        }
    }

    private void check(Runnable giveUp) {
        long idle = timers.nanoTime() - lastProgress;
        if (idle >= timeout.toNanos()) {
            watchdog = null;
            giveUp.run();
        } else {
            watchdog = timers.schedule(timeout.toNanos() - idle, () -> check(giveUp));
        }
    }

    /** "member c1n2 failed: connection lost at c0n1 and not back within 30 s; member ..." for these members. */
    String describe(BitSet members) {
        List<String> parts = new ArrayList<>();
        for (int m = members.nextSetBit(0); m >= 0; m = members.nextSetBit(m + 1)) {
            parts.add("member " + group.member(m).id() + (dead.get(m) ? " failed: " + reasons[m]
                    : " is unreachable: every path to it runs through failed members"));
        }
        return String.join("; ", parts);
    }

    /**
     * The members this node can still reach through the peer graph without the dead; not to be
     * changed. Computed again only after a death, since it is asked after every done message.
     */
    BitSet reachable() {
        if (reachable == null) {
            reachable = graph.reachable(self, n -> !dead.get(n));
        }
        return reachable;
    }

    /** The failure timeout: "30 s", or "250 ms" when not whole seconds. */
    String seconds() {
        return seconds(timeout);
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    /** Stops every timer: the operation is over. */
    void stop() {
        if (startWatch != null) {
            startWatch.run();
            startWatch = null;
        }
        lossTimers.values().forEach(Runnable::run);
        lossTimers.clear();
        if (watchdog != null) {
            watchdog.run();
            watchdog = null;
        }
    }
}

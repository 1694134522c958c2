package io.robber.datacast.mctcp.channel;

import io.robber.datacast.overlay.TreeRelay;
import io.robber.datacast.tcp.TcpSettings;
import io.robber.datacast.tcp.WindowSender;
import io.robber.engine.DeadlineTimer;
import io.robber.engine.EngineContext;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The source's side of an MCTCP session (§3.1.2): the fabric's {@link WindowSender} to every receiver
 * at once, each (re)transmission sent down the tree through the source's {@link TreeRelay}, with one
 * timer at the sender's next deadline. A receiver the sender evicts is dropped (declared dead
 * group-wide); the members below an evicted or dead one are excused meanwhile. Receivers are given to
 * the sender ancestors first, so a relay is evicted before those that starve below it.
 */
final class McTcpSource {
    private static final Logger LOG = LoggerFactory.getLogger(McTcpSource.class);
    /** The retransmission timeout's ceiling (RFC 6298 allows 60 s). */
    private static final long MAX_RTO_NANOS = 60_000_000_000L;
    /** Duplicate ACKs that signal a loss (RFC 5681). */
    private static final int DUPLICATE_ACKS = 3;

    private final EngineContext ctx;
    private final McTcpPlan plan;
    private final TreeRelay relay;
    private final long evictAfterNanos;
    private final WindowSender sender;
    private final DeadlineTimer timer;
    /** Receivers the sender evicted, dropped once it is done with the event. */
    private final List<Integer> evicted = new ArrayList<>();
    private boolean reportedDone;

    McTcpSource(EngineContext ctx, McTcpPlan plan, TreeRelay relay) {
        this.ctx = ctx;
        this.plan = plan;
        this.relay = relay;
        McTcpOptions options = plan.options();
        this.evictAfterNanos = options.evictAfter().orElse(ctx.failureTimeout().toNanos());
        TcpSettings settings = new TcpSettings(ctx.manifest().pieceSize(), 0, options.initialWindow(),
                options.window(), options.minRtoNanos(), Math.max(options.minRtoNanos(), MAX_RTO_NANOS),
                DUPLICATE_ACKS, evictAfterNanos);
        this.sender = new WindowSender(ctx.manifest().pieceCount(), plan.receiversTopDown(), settings, new Output());
        this.timer = new DeadlineTimer(ctx.timers(), this::onTimer);
    }

    void start() {
        sender.start(ctx.timers().nanoTime());
        afterEvent();
    }

    /** Receiver {@code receiver} holds every piece below {@code cumulative}. */
    void onAck(int receiver, int cumulative) {
        sender.onAck(receiver, cumulative, ctx.timers().nanoTime());
        afterEvent();
    }

    /** The members of {@code died} died: the window no longer waits for them. */
    void membersDead(BitSet died) {
        long now = ctx.timers().nanoTime();
        died.stream().forEach(m -> {
            sender.remove(m, now);
            excuseBelow(m, now);
        });
        afterEvent();
    }

    void stop() {
        timer.cancel();
    }

    /**
     * The members below {@code member} on the tree got nothing since it stopped relaying: they are not
     * evicted for that. Each judges its parent's death itself, within the failure timeout (news of a
     * neighbour's death is taken from nobody else), then re-parents: their eviction period starts
     * after that.
     */
    private void excuseBelow(int member, long now) {
        long since = now + ctx.failureTimeout().toNanos();
        for (int d : plan.receiversTopDown()) {
            if (plan.members().isBelow(d, member)) {
                sender.excuse(d, since);
            }
        }
    }

    private void onTimer(long now) {
        sender.onTimer(now);
        afterEvent();
        for (int receiver : List.copyOf(evicted)) {
            ctx.drop(receiver, "it sent the MCTCP source no ACK for " + evictAfterNanos / 1_000_000
                    + " ms while it missed pieces (§3.1.2: evicted)");
        }
        evicted.clear();
    }

    /** Keeps the timer at the sender's next deadline, and reports the end once. */
    private void afterEvent() {
        if (sender.done()) {
            timer.cancel();
            if (!reportedDone) {
                reportedDone = true;
                LOG.info("member {}: MCTCP session done: {} transmissions, {} of them retransmissions, "
                        + "window {} pieces, evicted {}", ctx.group().member(ctx.self()).id(), sender.transmissions(),
                        sender.retransmissions(), sender.window(), sender.evicted());
            }
            return;
        }
        timer.arm(sender.nextDeadline());
    }

    /** The sender acts through this. */
    private final class Output implements WindowSender.Output {
        @Override
        public void transmit(int sequence, boolean retransmission) {
            relay.forward(sequence);
        }

        @Override
        public void evicted(int receiver) {
            evicted.add(receiver);
            excuseBelow(receiver, ctx.timers().nanoTime());
        }
    }
}

package io.robber.datacast.mctcp.channel;

import io.robber.datacast.mctcp.channel.McTcpMessage.Ack;
import io.robber.datacast.overlay.TreeRelay;
import io.robber.datacast.tcp.TcpSettings;
import io.robber.datacast.tcp.WindowSender;
import io.robber.engine.DeadlineTimer;
import io.robber.engine.EngineContext;
import io.robber.engine.ProtocolEngine;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member of an MCTCP session (§3.1). The source runs a {@link WindowSender} to every receiver at
 * once: it sends each piece down the group manager's tree, the window's lower edge is the slowest
 * live receiver's cumulative ACK, TCP Reno sizes it (up to the option's largest window), and a piece
 * is sent down the tree again on three duplicate ACKs or the retransmission timeout. Every member
 * pushes each piece it gets for the first time on to its tree children, doing the switches'
 * replication, and ACKs every piece it gets, duplicates included, to the source. A receiver that
 * misses pieces and sends no ACK for the eviction threshold is evicted: dropped and declared dead
 * group-wide, so the others finish without it. The members below an evicted or dead one get a fresh
 * eviction period to re-parent in: their silence was not theirs.
 *
 * <p>Its place on the tree is a {@link TreeRelay}: it greets its parent with a desire (the pieces it
 * misses, which the parent pushes from what it already forwarded) and re-parents when the parent
 * dies; lost pieces come back that way as well as by retransmission.
 */
final class McTcpMemberEngine implements ProtocolEngine {
    private static final Logger LOG = LoggerFactory.getLogger(McTcpMemberEngine.class);
    /** The retransmission timeout's ceiling (RFC 6298 allows 60 s). */
    private static final long MAX_RTO_NANOS = 60_000_000_000L;
    /** Duplicate ACKs that signal a loss (RFC 5681). */
    private static final int DUPLICATE_ACKS = 3;

    private final EngineContext ctx;
    private final McTcpPlan plan;
    private final int pieceCount;
    private final int source;
    private final BitSet possession;
    /** The pieces in {@link #possession}, counted: a bit count per piece would cost O(pieces) each time. */
    private int held;
    /** Every piece below this one is held: the cumulative ACK. */
    private int cumulative;
    private final BitSet dead = new BitSet();
    /** The members allowed to push pieces here: tree ancestors. */
    private final BitSet upstream = new BitSet();
    private final TreeRelay relay;
    private final DeadlineTimer timer;
    private WindowSender sender;
    private long evictAfterNanos;
    /** At the source: the pieces sent down the tree so far are those below this one. */
    private int sent;
    /** At the source: receivers the sender evicted, dropped once it is done with the event. */
    private final List<Integer> evicted = new ArrayList<>();
    private boolean reportedDone;

    McTcpMemberEngine(EngineContext ctx, McTcpPlan plan, BitSet possession) {
        this.ctx = ctx;
        this.plan = plan;
        this.pieceCount = ctx.manifest().pieceCount();
        this.source = plan.options().source();
        this.possession = (BitSet) possession.clone();
        this.held = possession.cardinality();
        this.cumulative = possession.nextClearBit(0);
        this.timer = new DeadlineTimer(ctx.timers(), this::onTimer);
        if (plan.isAlone()) {
            this.relay = null;
            return;
        }
        this.relay = new TreeRelay(ctx, plan.members(), "MCTCP", 0);
        for (int ancestor : relay.ancestors()) {
            upstream.set(ancestor);
        }
        if (isSource()) {
            McTcpOptions options = plan.options();
            evictAfterNanos = options.evictAfter().orElse(ctx.failureTimeout().toNanos());
            TcpSettings settings = new TcpSettings(ctx.manifest().pieceSize(), 0, options.initialWindow(),
                    options.window(), options.minRtoNanos(), Math.max(options.minRtoNanos(), MAX_RTO_NANOS),
                    DUPLICATE_ACKS, evictAfterNanos);
            sender = new WindowSender(pieceCount, plan.receiversTopDown(), settings, new Output());
        }
    }

    private boolean isSource() {
        return ctx.self() == source;
    }

    @Override
    public void start() {
        if (plan.isAlone()) {
            return;
        }
        if (isSource()) {
            sender.start(ctx.timers().nanoTime());
            afterSenderEvent();
            return;
        }
        relay.greetParent(possession);
        if (cumulative > 0) {
            ack();
        }
    }

    @Override
    public void onMessage(int peer, Message message) {
        if (!(message instanceof Message.Desire desire)) {
            ctx.refuse(peer, message.type(), "this protocol does not expect it here");
            return;
        }
        BitSet forwarded = possession;
        if (isSource()) {
            forwarded = new BitSet();
            forwarded.set(0, sent);
        }
        relay.onDesire(peer, desire, forwarded);
    }

    @Override
    public void onOwnMessage(int peer, Object message) {
        if (!(message instanceof Ack ack)) {
            return;
        }
        if (!isSource()) {
            ctx.refuse(peer, MessageType.PROTOCOL, "an ACK to a member that is not the source");
            return;
        }
        sender.onAck(peer, ack.cumulative(), ctx.timers().nanoTime());
        afterSenderEvent();
    }

    @Override
    public boolean expects(int peer, int piece) {
        return upstream.get(peer);
    }

    @Override
    public void onPieceReceived(int peer, int piece) {
        if (possession.get(piece)) {
            ctx.metrics().duplicatePiece();
            ack();
            return;
        }
        possession.set(piece);
        held++;
        while (possession.get(cumulative)) {
            cumulative++;
        }
        relay.forward(piece);
        ack();
        if (held == pieceCount) {
            ctx.completed();
        }
    }

    /** A piece that failed its digest: the parent's catch-up brings it again. */
    @Override
    public void onPieceRejected(int peer, int piece) {
        relay.greetParent(possession);
    }

    /** A child that comes back greets this member again with a desire; until then nothing goes to it. */
    @Override
    public void onPeerLost(int peer) {
        relay.lost(peer);
    }

    /** Pieces pushed and ACKs sent while the connection was down are lost: say again what this member holds. */
    @Override
    public void onPeerReconnected(int peer) {
        if (peer == relay.parent()) {
            relay.greetParent(possession);
        }
        if (peer == source) {
            ack();
        }
    }

    @Override
    public void onMembersDead(BitSet deadNow) {
        if (plan.isAlone()) {
            return;
        }
        BitSet fresh = (BitSet) deadNow.clone();
        fresh.andNot(dead);
        dead.or(deadNow);
        if (dead.get(ctx.self())) {
            return;
        }
        if (isSource()) {
            long now = ctx.timers().nanoTime();
            fresh.stream().forEach(m -> {
                sender.remove(m, now);
                excuseBelow(m, now);
            });
            afterSenderEvent();
        }
        relay.membersDead(dead, possession);
    }

    @Override
    public void stop() {
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
            if (plan.isBelow(d, member)) {
                sender.excuse(d, since);
            }
        }
    }

    /** Tells the source which pieces this member holds, in order. */
    private void ack() {
        if (!dead.get(source)) {
            ctx.sendOwn(source, new Ack(cumulative));
        }
    }

    private void onTimer(long now) {
        sender.onTimer(now);
        afterSenderEvent();
        for (int receiver : List.copyOf(evicted)) {
            ctx.drop(receiver, "it sent the MCTCP source no ACK for " + evictAfterNanos / 1_000_000
                    + " ms while it missed pieces (§3.1.2: evicted)");
        }
        evicted.clear();
    }

    /** Keeps the source's one timer at the sender's next deadline, and reports the end once. */
    private void afterSenderEvent() {
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

    /** The source's {@link WindowSender} acts through this. */
    private final class Output implements WindowSender.Output {
        @Override
        public void transmit(int sequence, boolean retransmission) {
            sent = Math.max(sent, sequence + 1);
            relay.forward(sequence);
        }

        @Override
        public void evicted(int receiver) {
            evicted.add(receiver);
            excuseBelow(receiver, ctx.timers().nanoTime());
        }
    }
}

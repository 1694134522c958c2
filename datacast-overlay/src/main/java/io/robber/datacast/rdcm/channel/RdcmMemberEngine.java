package io.robber.datacast.rdcm.channel;

import io.robber.datacast.rdcm.BackupOverlay;
import io.robber.datacast.rdcm.OverlayRing;
import io.robber.datacast.rdcm.RdcmAck;
import io.robber.datacast.rdcm.RdcmOutput;
import io.robber.datacast.rdcm.RdcmReceiver;
import io.robber.datacast.rdcm.RdcmSender;
import io.robber.datacast.rdcm.channel.RdcmMessage.HighestExpected;
import io.robber.datacast.rdcm.channel.RdcmMessage.RingAck;
import io.robber.engine.DeadlineTimer;
import io.robber.engine.EngineContext;
import io.robber.engine.ProtocolEngine;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member of an RDCM group, sender-initiated as in the paper. The source pushes the pieces in
 * order down the tree, no further than the slowest receiver's highest expected piece (§3.5); every
 * member pushes each piece it gets on to its tree children, doing the switches' replication. Each
 * receiver runs RDCM's {@link RdcmReceiver} on the backup overlay: it ACKs on its rings and repairs
 * its overlay successor when the ACK does not come in time (§3.3); the source runs {@link RdcmSender},
 * which sends a piece down the tree again only when no overlay child ACKed it.
 *
 * <p>A member greets its tree parent with a desire (the pieces it misses) when its operation starts,
 * and nothing is pushed to it before. When members die (§3.4) a member whose tree parent died
 * re-parents to the next live member above it and sends it the same desire (the parent pushes what
 * it has of it), and every member rebuilds the overlay without the dead alike. A desire also goes to
 * a parent whose lost connection comes back.
 */
final class RdcmMemberEngine implements ProtocolEngine {
    private static final Logger LOG = LoggerFactory.getLogger(RdcmMemberEngine.class);
    /** Pieces in a row a successor gets only from repairs before this member reports its tree path broken (§3.4). */
    private static final int REPORT_AFTER = 16;

    private final EngineContext ctx;
    private final RdcmPlan plan;
    private final RdcmOptions options;
    private final int pieceCount;
    private final BitSet possession;
    /** The pieces in {@link #possession}, counted: a bit count per piece would cost O(pieces) each time. */
    private int held;
    private final BitSet neighbours = new BitSet();
    private final BitSet dead = new BitSet();
    private final TreeChildren children;
    private final Set<Integer> reportedBroken = new HashSet<>();
    private final RdcmOutput output = new Output();
    /** The members allowed to push pieces here: tree ancestors and ring predecessors. */
    private final BitSet upstream = new BitSet();
    private RdcmReceiver receiver;
    private RdcmSender sender;
    private int parent;
    private int next;
    private int highest = -1;
    /** The highest expected piece last reported to the parent. */
    private int reported = -1;
    private final DeadlineTimer timer;

    RdcmMemberEngine(EngineContext ctx, RdcmPlan plan, BitSet possession) {
        this.ctx = ctx;
        this.plan = plan;
        this.options = plan.options();
        this.pieceCount = ctx.manifest().pieceCount();
        this.possession = (BitSet) possession.clone();
        this.held = possession.cardinality();
        ctx.neighbours().forEach(neighbours::set);
        this.timer = new DeadlineTimer(ctx.timers(), this::onTimer);
        this.parent = plan.isAlone() ? -1 : plan.members().parent(ctx.self());
        this.children = new TreeChildren(plan.isAlone() ? new int[0] : plan.members().children(ctx.self()),
                options.window() - 1);
        if (plan.isAlone()) {
            return;
        }
        for (int ancestor : plan.members().ancestors(ctx.self())) {
            upstream.set(ancestor);
        }
        if (isSource()) {
            sender = new RdcmSender(plan.overlay(), options.repairTimeoutNanos(), output);
        } else {
            joinOverlay(plan.overlay());
        }
    }

    private boolean isSource() {
        return ctx.self() == options.source();
    }

    @Override
    public void start() {
        if (plan.isAlone()) {
            return;
        }
        if (isSource()) {
            sendMore();
            return;
        }
        if (!possession.isEmpty()) {
            receiver.holding(possession, ctx.timers().nanoTime());
            highest = possession.length() - 1;
        }
        sendDesire();
        reportHighestExpected();
        armTimer();
    }

    @Override
    public void onMessage(int peer, Message message) {
        if (!(message instanceof Message.Desire desire)) {
            ctx.refuse(peer, message.type(), "this protocol does not expect it here");
            return;
        }
        if (!isAncestorOf(peer)) {
            ctx.refuse(peer, MessageType.DESIRE, "this member is not above it on the tree");
            return;
        }
        children.greeted(peer, desire.pieces(), pieceCount);
        BitSet forwarded = isSource() ? range(next) : possession;
        BitSet catchUp = (BitSet) desire.pieces().clone();
        catchUp.and(forwarded);
        for (int p = catchUp.nextSetBit(0); p >= 0; p = catchUp.nextSetBit(p + 1)) {
            ctx.pushPiece(peer, p);
        }
    }

    private boolean isAncestorOf(int member) {
        for (int a : plan.members().ancestors(member)) {
            if (a == ctx.self()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void onOwnMessage(int peer, Object message) {
        if (message instanceof RingAck ack) {
            if (ack.below() > pieceCount || ack.ring() < -1
                    || ack.ring() >= 0 && !plan.isNode(ack.ring())) {
                ctx.refuse(peer, MessageType.PROTOCOL, "a ring ACK naming piece " + ack.sequence() + " of "
                        + pieceCount + " on ring " + ack.ring());
                return;
            }
            RdcmAck rdcm = new RdcmAck(plan.node(peer), ack.ring(), ack.sequence(), ack.recent(), ack.below());
            if (sender != null) {
                sender.onAck(rdcm);
            } else if (receiver != null) {
                receiver.onAck(rdcm);
            }
            armTimer();
        } else if (message instanceof HighestExpected expected) {
            if (!children.contains(peer)) {
                ctx.refuse(peer, MessageType.PROTOCOL, "a highest expected piece from a member that is not its child");
                return;
            }
            if (children.report(peer, expected.sequence())) {
                if (isSource()) {
                    sendMore();
                } else {
                    reportHighestExpected();
                }
            }
        }
    }

    @Override
    public boolean expects(int peer, int piece) {
        return upstream.get(peer);
    }

    @Override
    public void onPieceReceived(int peer, int piece) {
        long now = ctx.timers().nanoTime();
        if (possession.get(piece)) {
            ctx.metrics().duplicatePiece();
            receiver.onData(piece, peer != parent, now);
            armTimer();
            return;
        }
        possession.set(piece);
        held++;
        highest = Math.max(highest, piece);
        receiver.onData(piece, peer != parent, now);
        forward(piece);
        reportHighestExpected();
        armTimer();
        if (held == pieceCount) {
            ctx.completed();
        }
    }

    /** A piece that failed its digest: the parent's desire brings it again. */
    @Override
    public void onPieceRejected(int peer, int piece) {
        if (parent >= 0) {
            sendDesire();
        }
    }

    /** A child that comes back greets this member again with a desire; until then nothing goes to it. */
    @Override
    public void onPeerLost(int peer) {
        children.lost(peer);
    }

    /** Pieces pushed while the connection was down are lost: the parent is told what this member misses. */
    @Override
    public void onPeerReconnected(int peer) {
        if (peer == parent) {
            sendDesire();
            reported = -1;
            reportHighestExpected();
        }
    }

    @Override
    public void onMembersDead(BitSet deadNow) {
        dead.or(deadNow);
        if (dead.get(ctx.self())) {
            return;
        }
        children.died(dead);
        if (parent >= 0 && dead.get(parent)) {
            int replacement = liveAncestor();
            if (replacement < 0 && held < pieceCount) {
                ctx.fail("member " + ctx.group().member(parent).id() + ", this member's parent on the RDCM tree, "
                        + "died, and no live member above it is a neighbour of this one");
                return;
            }
            LOG.info("member {}: parent {} on the RDCM tree died; re-parented to {}", id(ctx.self()), id(parent),
                    replacement < 0 ? "none (this member holds everything)" : id(replacement));
            parent = replacement;
            if (parent >= 0) {
                sendDesire();
                reported = -1;
            }
        }
        BackupOverlay rebuilt = plan.overlayWithout(dead);
        if (isSource()) {
            sender.overlayRebuilt(rebuilt);
            sendMore();
        } else {
            joinOverlay(rebuilt);
            receiver.holding(possession, ctx.timers().nanoTime());
            reportHighestExpected();
        }
        armTimer();
    }

    @Override
    public void stop() {
        timer.cancel();
    }

    /** A fresh {@link RdcmReceiver} on {@code overlay}, whose ring predecessors may now repair this member. */
    private void joinOverlay(BackupOverlay overlay) {
        int self = plan.node(ctx.self());
        receiver = new RdcmReceiver(self, overlay, options.repairTimeoutNanos(), options.repairAttempts(),
                REPORT_AFTER, output);
        for (OverlayRing ring : overlay.ringsOf(self)) {
            int predecessor = plan.member(ring.predecessor(self));
            if (predecessor >= 0 && predecessor != ctx.self()) {
                upstream.set(predecessor);
            }
        }
    }

    /** The nearest live member above this one on the tree that it is connected to, or -1. */
    private int liveAncestor() {
        for (int a : plan.members().ancestors(ctx.self())) {
            if (!dead.get(a) && neighbours.get(a)) {
                return a;
            }
        }
        return -1;
    }

    /** At the source: sends the next pieces down the tree, up to the slowest receiver's highest expected. */
    private void sendMore() {
        int limit = children.leastExpected(Integer.MAX_VALUE);
        long now = ctx.timers().nanoTime();
        while (next < pieceCount && next <= limit) {
            forward(sender.onSend(now));
            next++;
        }
        armTimer();
    }

    /** Pushes {@code piece} to every tree child that greeted this member and does not hold it. */
    private void forward(int piece) {
        children.forEachWanting(piece, child -> ctx.pushPiece(child, piece));
    }

    /** Tells the parent this member's and its subtree's highest expected piece, when it rose. */
    private void reportHighestExpected() {
        if (parent < 0) {
            return;
        }
        int least = children.leastExpected(highest + options.window());
        if (least > reported) {
            reported = least;
            ctx.sendOwn(parent, new HighestExpected(least));
        }
    }

    private void sendDesire() {
        BitSet missing = range(pieceCount);
        missing.andNot(possession);
        ctx.send(parent, new Message.Desire(ctx.op(), missing));
    }

    private static BitSet range(int end) {
        BitSet bits = new BitSet();
        bits.set(0, end);
        return bits;
    }

    /** Keeps one timer at the earliest repair deadline. */
    private void armTimer() {
        timer.arm(Math.min(receiver == null ? Long.MAX_VALUE : receiver.nextDeadline(),
                sender == null ? Long.MAX_VALUE : sender.nextDeadline()));
    }

    private void onTimer(long now) {
        if (sender != null) {
            sender.onTimer(now);
        }
        if (receiver != null) {
            receiver.onTimer(now);
        }
        armTimer();
    }

    private String id(int member) {
        return ctx.group().member(member).id();
    }

    /** RDCM's engines act through this: ACKs and repairs to live neighbours, the sender's repairs down the tree. */
    private final class Output implements RdcmOutput {
        @Override
        public void ack(int to, RdcmAck ack) {
            int member = reachable(to);
            if (member >= 0) {
                ctx.sendOwn(member, new RingAck(ack.ring(), ack.sequence(), ack.recent(), ack.below()));
            }
        }

        @Override
        public void repair(int to, int sequence) {
            int member = reachable(to);
            if (member >= 0) {
                ctx.pushPiece(member, sequence);
            }
        }

        @Override
        public void multicast(int sequence) {
            forward(sequence);
        }

        @Override
        public void linkFailure(int successor) {
            int member = plan.member(successor);
            if (member >= 0 && reportedBroken.add(member)) {
                LOG.info("member {}: overlay successor {} gets its pieces only from repairs: its path down the RDCM "
                        + "tree is broken (§3.4)", id(ctx.self()), id(member));
            }
        }

        /** The live neighbour on server {@code node}, or -1. */
        private int reachable(int node) {
            int member = plan.member(node);
            return member >= 0 && member != ctx.self() && !dead.get(member) && neighbours.get(member) ? member : -1;
        }
    }
}

package io.robber.datacast.rdcm.channel;

import io.robber.datacast.overlay.TreeRelay;
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
 * <p>Its place on the tree is a {@link TreeRelay}: it greets its parent with a desire and re-parents
 * when the parent dies. When members die (§3.4) every member also rebuilds the overlay without the
 * dead alike.
 */
final class RdcmMemberEngine implements ProtocolEngine {
    private static final Logger LOG = LoggerFactory.getLogger(RdcmMemberEngine.class);
    /** Pieces in a row a successor gets only from repairs before this member reports its tree path broken (§3.4). */
    private static final int REPORT_AFTER = 16;

    private final EngineContext ctx;
    private final RdcmPlan plan;
    private final RdcmOptions options;
    private final int pieceCount;
    private final BitSet neighbours = new BitSet();
    private final BitSet dead = new BitSet();
    private final TreeRelay relay;
    private final Set<Integer> reportedBroken = new HashSet<>();
    private final RdcmOutput output = new Output();
    /** The members allowed to push pieces here: tree ancestors and ring predecessors. */
    private final BitSet upstream = new BitSet();
    private RdcmReceiver receiver;
    private RdcmSender sender;
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
        ctx.neighbours().forEach(neighbours::set);
        this.timer = new DeadlineTimer(ctx.timers(), this::onTimer);
        if (plan.isAlone()) {
            this.relay = null;
            return;
        }
        this.relay = new TreeRelay(ctx, plan.members(), "RDCM", options.window() - 1,
                isSource() ? new BitSet() : possession);
        for (int ancestor : relay.ancestors()) {
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
        BitSet held = relay.held();
        if (!held.isEmpty()) {
            receiver.holding(held, ctx.timers().nanoTime());
            highest = held.length() - 1;
        }
        relay.greetParent();
        reportHighestExpected();
        armTimer();
    }

    @Override
    public void onMessage(int peer, Message message) {
        if (!(message instanceof Message.Desire desire)) {
            ctx.refuse(peer, message.type(), "this protocol does not expect it here");
            return;
        }
        relay.onDesire(peer, desire);
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
            if (!relay.children().contains(peer)) {
                ctx.refuse(peer, MessageType.PROTOCOL, "a highest expected piece from a member that is not its child");
                return;
            }
            if (relay.children().report(peer, expected.sequence())) {
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
        boolean fresh = relay.take(piece);
        receiver.onData(piece, peer != relay.parent(), ctx.timers().nanoTime());
        if (!fresh) {
            ctx.metrics().duplicatePiece();
            armTimer();
            return;
        }
        highest = Math.max(highest, piece);
        reportHighestExpected();
        armTimer();
        if (relay.holdsAll()) {
            ctx.completed();
        }
    }

    /** A piece that failed its digest: the parent's desire brings it again. */
    @Override
    public void onPieceRejected(int peer, int piece) {
        relay.greetParent();
    }

    /** A child that comes back greets this member again with a desire; until then nothing goes to it. */
    @Override
    public void onPeerLost(int peer) {
        relay.lost(peer);
    }

    /** Pieces pushed while the connection was down are lost: the parent is told what this member misses. */
    @Override
    public void onPeerReconnected(int peer) {
        if (peer == relay.parent()) {
            relay.greetParent();
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
        if (relay.membersDead(dead)) {
            reported = -1;
        }
        BackupOverlay rebuilt = plan.overlayWithout(dead);
        if (isSource()) {
            sender.overlayRebuilt(rebuilt);
            sendMore();
        } else {
            joinOverlay(rebuilt);
            receiver.holding(relay.held(), ctx.timers().nanoTime());
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

    /** At the source: sends the next pieces down the tree, up to the slowest receiver's highest expected. */
    private void sendMore() {
        int limit = relay.children().leastExpected(Integer.MAX_VALUE);
        long now = ctx.timers().nanoTime();
        while (next < pieceCount && next <= limit) {
            relay.forward(sender.onSend(now));
            next++;
        }
        armTimer();
    }

    /** Tells the parent this member's and its subtree's highest expected piece, when it rose. */
    private void reportHighestExpected() {
        if (relay.parent() < 0) {
            return;
        }
        int least = relay.children().leastExpected(highest + options.window());
        if (least > reported) {
            reported = least;
            ctx.sendOwn(relay.parent(), new HighestExpected(least));
        }
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
            relay.forward(sequence);
        }

        @Override
        public void linkFailure(int successor) {
            int member = plan.member(successor);
            if (member >= 0 && reportedBroken.add(member)) {
                LOG.info("member {}: overlay successor {} gets its pieces only from repairs: its path down the RDCM "
                        + "tree is broken (§3.4)", id(ctx.self()), id(member));
            }
        }

        /** Members' deaths reach every member through the failure detector ({@link #onMembersDead}); nothing to add. */
        @Override
        public void receiverFailure(int successor) {
        }

        /** The members' TCP links carry the tree: a broken one is the failure detector's to find. */
        @Override
        public void silentTree() {
        }

        /** The live neighbour on server {@code node}, or -1. */
        private int reachable(int node) {
            int member = plan.member(node);
            return member >= 0 && member != ctx.self() && !dead.get(member) && neighbours.get(member) ? member : -1;
        }
    }
}

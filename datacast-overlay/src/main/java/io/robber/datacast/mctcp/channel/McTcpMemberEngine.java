package io.robber.datacast.mctcp.channel;

import io.robber.datacast.mctcp.channel.McTcpMessage.Ack;
import io.robber.datacast.overlay.TreeRelay;
import io.robber.engine.EngineContext;
import io.robber.engine.ProtocolEngine;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import java.util.BitSet;

/**
 * One member of an MCTCP session (§3.1). The source's side is a {@link McTcpSource}: it sends each
 * piece down the group manager's tree, its window advanced by the slowest live receiver's cumulative
 * ACK and sized by TCP Reno, and evicts a receiver that stops ACKing. Every member pushes each piece
 * it gets for the first time on to its tree children, doing the switches' replication, and ACKs every
 * piece it gets, duplicates included, to the source.
 *
 * <p>Its place on the tree is a {@link TreeRelay}: it greets its parent with a desire (the pieces it
 * misses, which the parent pushes from what it already forwarded) and re-parents when the parent
 * dies; lost pieces come back that way as well as by retransmission.
 */
final class McTcpMemberEngine implements ProtocolEngine {
    private final EngineContext ctx;
    private final McTcpPlan plan;
    private final int source;
    /** Every piece below this one is held: the cumulative ACK. */
    private int cumulative;
    private final BitSet dead = new BitSet();
    /** The members allowed to push pieces here: tree ancestors. */
    private final BitSet upstream = new BitSet();
    private final TreeRelay relay;
    /** The source's side; null at a receiver. */
    private final McTcpSource sending;

    McTcpMemberEngine(EngineContext ctx, McTcpPlan plan, BitSet possession) {
        this.ctx = ctx;
        this.plan = plan;
        this.source = plan.options().source();
        this.cumulative = possession.nextClearBit(0);
        if (plan.isAlone()) {
            this.relay = null;
            this.sending = null;
            return;
        }
        boolean isSource = ctx.self() == source;
        this.relay = new TreeRelay(ctx, plan.members(), "MCTCP", 0, isSource ? new BitSet() : possession);
        for (int ancestor : relay.ancestors()) {
            upstream.set(ancestor);
        }
        this.sending = isSource ? new McTcpSource(ctx, plan, relay) : null;
    }

    @Override
    public void start() {
        if (plan.isAlone()) {
            return;
        }
        if (sending != null) {
            sending.start();
            return;
        }
        relay.greetParent();
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
        relay.onDesire(peer, desire);
    }

    @Override
    public void onOwnMessage(int peer, Object message) {
        if (!(message instanceof Ack ack)) {
            return;
        }
        if (sending == null) {
            ctx.refuse(peer, MessageType.PROTOCOL, "an ACK to a member that is not the source");
            return;
        }
        sending.onAck(peer, ack.cumulative());
    }

    @Override
    public boolean expects(int peer, int piece) {
        return upstream.get(peer);
    }

    @Override
    public void onPieceReceived(int peer, int piece) {
        if (!relay.take(piece)) {
            ctx.metrics().duplicatePiece();
            ack();
            return;
        }
        while (relay.holds(cumulative)) {
            cumulative++;
        }
        ack();
        if (relay.holdsAll()) {
            ctx.completed();
        }
    }

    /** A piece that failed its digest: the parent's catch-up brings it again. */
    @Override
    public void onPieceRejected(int peer, int piece) {
        relay.greetParent();
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
            relay.greetParent();
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
        if (sending != null) {
            sending.membersDead(fresh);
        }
        relay.membersDead(dead);
    }

    @Override
    public void stop() {
        if (sending != null) {
            sending.stop();
        }
    }

    /** Tells the source which pieces this member holds, in order. */
    private void ack() {
        if (!dead.get(source)) {
            ctx.sendOwn(source, new Ack(cumulative));
        }
    }
}

package io.robber.balanced;

import io.robber.engine.EngineContext;
import io.robber.engine.ProtocolEngine;
import io.robber.wire.Message;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One node of Balanced Multicasting, sender-initiated: the root releases each tree's pieces at the
 * tree's rate ({@link TreePacer}); every node forwards a piece down its part of the piece's tree as
 * soon as it holds it (pipelining). The trees never change during the operation; that is the
 * protocol being measured.
 *
 * <p>A node forwards to a downstream member only once that member said it is ready — its operation
 * has started — with a desire message listing what it expects from this node; pieces forwarded before
 * are sent then. The same greeting after a lost connection comes back repairs what was lost with it,
 * and a piece that fails its digest is requested again from the member that sent it. A dead member
 * cannot be routed around: the members below it in some tree fail, naming it.
 */
final class BalancedEngine implements ProtocolEngine {

    private final EngineContext ctx;
    private final Overlay overlay;
    private final PieceSchedule schedule;
    private final BitSet possession;
    /** Pieces this node has sent down its part of their tree. */
    private final BitSet forwarded = new BitSet();
    /**
     * Downstream members that said they are ready (their operation has started and they are
     * connected); what is forwarded before, they ask for in their greeting.
     */
    private final BitSet ready = new BitSet();
    private final List<TreePacer> pacers = new ArrayList<>();

    BalancedEngine(EngineContext ctx, Overlay overlay, BitSet possession) {
        this.ctx = ctx;
        this.overlay = overlay;
        this.possession = (BitSet) possession.clone();
        double[] rates = new double[overlay.treeCount()];
        for (int t = 0; t < rates.length; t++) {
            rates[t] = overlay.rate(t);
        }
        this.schedule = PieceSchedule.split(rates, ctx.manifest().pieceCount());
    }

    @Override
    public void start() {
        greetUpstream(ctx.neighbours());
        if (ctx.self() != overlay.root()) {
            for (int p = possession.nextSetBit(0); p >= 0; p = possession.nextSetBit(p + 1)) {
                forward(p);
            }
            return;
        }
        for (int t = 0; t < overlay.treeCount(); t++) {
            pacers.add(new TreePacer(ctx.timers(), overlay.rate(t), schedule.piecesOf(t),
                    ctx.manifest()::pieceLength, this::forward));
        }
        pacers.forEach(TreePacer::start);
    }

    /** A piece comes only from its upstream node on its tree and strand; from anyone else it is refused unhashed. */
    @Override
    public boolean expects(int peer, int piece) {
        return upstream(piece) == peer;
    }

    @Override
    public void onPieceReceived(int peer, int piece) {
        if (possession.get(piece)) {
            ctx.metrics().duplicatePiece();
        }
        possession.set(piece);
        forward(piece);
        if (possession.cardinality() == ctx.manifest().pieceCount()) {
            ctx.completed();
        }
    }

    @Override
    public void onPieceRejected(int peer, int piece) {
        ctx.send(peer, new Message.Request(ctx.op(), piece));
    }

    @Override
    public void onMessage(int peer, Message message) {
        if (message instanceof Message.Request r) {
            resend(peer, r.piece());
        } else if (message instanceof Message.Desire d) {
            ready.set(peer);
            BitSet pieces = d.pieces();
            for (int p = pieces.nextSetBit(0); p >= 0; p = pieces.nextSetBit(p + 1)) {
                resend(peer, p);
            }
        } else {
            ctx.refuse(peer, message.type(), "this protocol does not expect it here");
        }
    }

    @Override
    public void onPeerLost(int peer) {
        ready.clear(peer);
    }

    @Override
    public void onPeerReconnected(int peer) {
        greetUpstream(List.of(peer));
    }

    @Override
    public void onMembersDead(BitSet dead) {
        for (int p = possession.nextClearBit(0); p < ctx.manifest().pieceCount(); p = possession.nextClearBit(p + 1)) {
            int upstream = upstream(p);
            if (upstream >= 0 && dead.get(upstream)) {
                ctx.fail("member " + ctx.group().member(upstream).id() + " died; Balanced Multicasting plans its"
                        + " trees once and cannot route around it");
                return;
            }
        }
    }

    /**
     * Tells each of {@code peers} that sends this node pieces that it is ready for them, with the
     * pieces it still misses from it (a desire message); the upstream node forwards nothing before.
     */
    private void greetUpstream(List<Integer> peers) {
        Map<Integer, BitSet> expected = new HashMap<>();
        for (int p = possession.nextClearBit(0); p < ctx.manifest().pieceCount(); p = possession.nextClearBit(p + 1)) {
            int upstream = upstream(p);
            if (upstream >= 0 && peers.contains(upstream)) {
                expected.computeIfAbsent(upstream, u -> new BitSet()).set(p);
            }
        }
        expected.forEach((upstream, pieces) -> ctx.send(upstream, new Message.Desire(ctx.op(), pieces)));
    }

    /** Sends {@code piece} down this node's part of its tree, once. */
    private void forward(int piece) {
        if (forwarded.get(piece)) {
            return;
        }
        forwarded.set(piece);
        for (int target : overlay.targets(ctx.self(), schedule.tree(piece), schedule.strand(piece))) {
            if (ready.get(target)) {
                ctx.pushPiece(target, piece);
            }
        }
    }

    /** {@code peer} asks for a piece: it gets it now if this node has forwarded it, else when that happens. */
    private void resend(int peer, int piece) {
        if (forwarded.get(piece)) {
            ctx.pushPiece(peer, piece);
        }
    }

    private int upstream(int piece) {
        return overlay.upstream(ctx.self(), schedule.tree(piece), schedule.strand(piece));
    }
}

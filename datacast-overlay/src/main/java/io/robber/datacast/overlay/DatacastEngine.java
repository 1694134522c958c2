package io.robber.datacast.overlay;

import io.robber.datacast.transport.RetransmissionTimeout;
import io.robber.engine.DeadlineTimer;
import io.robber.engine.EngineContext;
import io.robber.engine.ProtocolEngine;
import io.robber.wire.Message;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member of a Datacast overlay, receiver-initiated as in the paper (§5): on each tree a receiver
 * sends {@link Interests} for the tree's pieces, in order, to its overlay parent, keeping at most w
 * outstanding and retransmitting those that time out. A member answers an interest from its own copy,
 * or records it as pending and forwards it upstream once, then serves every pending child when the
 * piece arrives: the branching points of the overlay trees are members, which cache what switches
 * cache in the paper. The source releases each tree's new pieces through its {@link SourcePacer}.
 *
 * <p>A dead parent is replaced by the next live member above it on the tree that this member is
 * connected to (the plan connects every member to its two nearest member ancestors), and the
 * outstanding interests go there. With no such ancestor left the member fails, naming the dead.
 */
final class DatacastEngine implements ProtocolEngine {
    private static final Logger LOG = LoggerFactory.getLogger(DatacastEngine.class);

    private final EngineContext ctx;
    private final DatacastPlan plan;
    private final DatacastOptions options;
    private final PieceBlocks blocks;
    private final BitSet possession;
    /** The pieces in {@link #possession}, counted: a bit count per piece would cost O(pieces) each time. */
    private int held;
    private final PendingInterests pending = new PendingInterests();
    /** Per child, the pieces sent to it over its current connection. */
    private final Map<Integer, BitSet> sentTo = new HashMap<>();
    private final RetransmissionTimeout timeout;
    /** Per tree: this member's current parent (-1 at the source), its window and the next piece to ask for. */
    private final int[] parent;
    private final InterestWindow[] windows;
    private final int[] cursor;
    /** Per tree, at the source only. */
    private final SourcePacer[] pacers;
    private final BitSet dead = new BitSet();
    private final DeadlineTimer retransmissionTimer;

    DatacastEngine(EngineContext ctx, DatacastPlan plan, BitSet possession) {
        this.ctx = ctx;
        this.plan = plan;
        this.options = plan.options();
        int pieceCount = ctx.manifest().pieceCount();
        int k = Math.max(1, plan.trees().size());
        this.blocks = new PieceBlocks(options.blockPieces(), k, pieceCount);
        this.possession = (BitSet) possession.clone();
        this.held = possession.cardinality();
        this.timeout = new RetransmissionTimeout(options.rtoFloorNanos());
        this.retransmissionTimer = new DeadlineTimer(ctx.timers(), this::retransmit);
        this.parent = new int[k];
        this.windows = new InterestWindow[k];
        this.cursor = new int[k];
        boolean source = ctx.self() == options.source();
        this.pacers = new SourcePacer[source ? k : 0];
        int largest = pieceCount == 0 ? 0 : ctx.manifest().pieceLength(0);
        for (int t = 0; t < k; t++) {
            parent[t] = plan.trees().isEmpty() ? -1 : plan.trees().get(t).parent(ctx.self());
            windows[t] = new InterestWindow(options.window());
            if (source) {
                SourceRate rate = new SourceRate(options.initialRate(), options.rateIncrease(), options.intervalNanos(),
                        ctx.timers().nanoTime());
                pacers[t] = new SourcePacer(ctx.timers(), rate, pieceCount, largest, options.cachePieces(),
                        ctx.manifest()::pieceLength, this::serve);
            }
        }
    }

    @Override
    public void start() {
        askForMore();
    }

    @Override
    public void onMessage(int peer, Message message) {
        ctx.refuse(peer, message.type(), "this protocol does not expect it here");
    }

    @Override
    public void onOwnMessage(int peer, Object message) {
        Interests interests = (Interests) message;
        Map<Integer, List<Integer>> forward = new HashMap<>();
        for (int piece : interests.pieces()) {
            onInterest(peer, piece, interests.retransmitted(), forward);
        }
        forward.forEach((to, pieces) -> sendInterests(to, pieces, false));
    }

    /** A child's interest: answered now, released by the source's pacer, or pending (and forwarded once). */
    private void onInterest(int child, int piece, boolean retransmitted, Map<Integer, List<Integer>> forward) {
        int tree = blocks.tree(piece);
        if (pacers.length > 0) {
            SourcePacer pacer = pacers[tree];
            if (pacer.isReleased(piece)) {
                pacer.duplicate(piece, retransmitted);
                answer(child, piece, retransmitted);
            } else {
                pending.add(piece, child);
                pacer.want(piece);
            }
            return;
        }
        if (possession.get(piece)) {
            answer(child, piece, retransmitted);
            return;
        }
        pending.add(piece, child);
        InterestWindow window = windows[tree];
        if (parent[tree] >= 0 && !window.isOutstanding(piece) && window.mayForward()) {
            window.sent(piece, ctx.timers().nanoTime(), true);
            forward.computeIfAbsent(parent[tree], p -> new ArrayList<>()).add(piece);
        }
    }

    /**
     * Sends {@code piece} to {@code child}, unless the interest is a retransmission of one already
     * answered over the same connection: TCP delivers that piece unless the connection drops, and then
     * the child asks again once it is back or re-parented.
     */
    private void answer(int child, int piece, boolean retransmitted) {
        BitSet sent = sentTo.computeIfAbsent(child, c -> new BitSet());
        if (retransmitted && sent.get(piece)) {
            return;
        }
        sent.set(piece);
        ctx.sendPiece(child, piece);
    }

    /**
     * A piece comes only from this member's current parent on the piece's tree, the only member it
     * sends interests for that tree to; from anyone else it is refused unhashed.
     */
    @Override
    public boolean expects(int peer, int piece) {
        return parent[blocks.tree(piece)] == peer;
    }

    @Override
    public void onPieceReceived(int peer, int piece) {
        int tree = blocks.tree(piece);
        long rtt = windows[tree].answered(piece, ctx.timers().nanoTime());
        if (rtt >= 0) {
            timeout.sample(rtt);
        }
        if (possession.get(piece)) {
            ctx.metrics().duplicatePiece();
            return;
        }
        possession.set(piece);
        held++;
        serve(piece);
        askForMore();
        if (held == ctx.manifest().pieceCount()) {
            ctx.completed();
        }
    }

    @Override
    public void onPieceRejected(int peer, int piece) {
        int tree = blocks.tree(piece);
        if (parent[tree] >= 0 && windows[tree].isOutstanding(piece)) {
            ctx.sendOwn(parent[tree], new Interests(false, new int[] {piece}));
        }
    }

    @Override
    public void onPeerLost(int peer) {
        pending.forget(peer);
        sentTo.remove(peer);
    }

    /** A parent that is back gets every interest outstanding with it again: those in flight may be lost. */
    @Override
    public void onPeerReconnected(int peer) {
        long now = ctx.timers().nanoTime();
        for (int t = 0; t < parent.length; t++) {
            if (parent[t] == peer) {
                sendInterests(peer, windows[t].resendAll(now), false);
            }
        }
    }

    @Override
    public void onMembersDead(BitSet deadNow) {
        dead.or(deadNow);
        for (int m = deadNow.nextSetBit(0); m >= 0; m = deadNow.nextSetBit(m + 1)) {
            pending.forget(m);
            sentTo.remove(m);
        }
        long now = ctx.timers().nanoTime();
        for (int t = 0; t < parent.length; t++) {
            if (parent[t] < 0 || !dead.get(parent[t])) {
                continue;
            }
            int replacement = liveAncestor(t);
            if (replacement < 0 && !missesOnTree(t)) {
                parent[t] = -1;
                continue;
            }
            if (replacement < 0) {
                ctx.fail("member " + ctx.group().member(parent[t]).id() + ", this member's parent on Datacast tree "
                        + (t + 1) + ", died, and no live member above it is a neighbour of this one");
                return;
            }
            LOG.info("member {}: parent {} on tree {} died; re-parented to {}", ctx.group().member(ctx.self()).id(),
                    ctx.group().member(parent[t]).id(), t + 1, ctx.group().member(replacement).id());
            parent[t] = replacement;
            sendInterests(replacement, windows[t].resendAll(now), false);
        }
        askForMore();
    }

    @Override
    public void stop() {
        for (SourcePacer pacer : pacers) {
            pacer.stop();
        }
        retransmissionTimer.cancel();
    }

    /** The nearest live member above this one on tree {@code tree} that it is connected to, or -1. */
    private int liveAncestor(int tree) {
        for (int a : plan.trees().get(tree).ancestors(ctx.self())) {
            if (!dead.get(a) && ctx.neighbours().contains(a)) {
                return a;
            }
        }
        return -1;
    }

    private boolean missesOnTree(int tree) {
        int pieceCount = ctx.manifest().pieceCount();
        for (int p = possession.nextClearBit(0); p < pieceCount; p = possession.nextClearBit(p + 1)) {
            if (blocks.tree(p) == tree) {
                return true;
            }
        }
        return false;
    }

    /** Serves every child waiting for {@code piece}, which this member now holds (or, at the source, released). */
    private void serve(int piece) {
        BitSet children = pending.take(piece);
        for (int c = children.nextSetBit(0); c >= 0; c = children.nextSetBit(c + 1)) {
            answer(c, piece, false);
        }
    }

    /** Spends each tree's credit on interests for its next missing pieces, in order. */
    private void askForMore() {
        int pieceCount = ctx.manifest().pieceCount();
        long now = ctx.timers().nanoTime();
        for (int t = 0; t < parent.length; t++) {
            if (parent[t] < 0) {
                continue;
            }
            InterestWindow window = windows[t];
            List<Integer> ask = new ArrayList<>();
            while (window.hasCredit()) {
                int piece = blocks.nextOnTree(t, cursor[t]);
                if (piece >= pieceCount) {
                    break;
                }
                cursor[t] = piece + 1;
                if (!possession.get(piece) && !window.isOutstanding(piece)) {
                    window.sent(piece, now, false);
                    ask.add(piece);
                }
            }
            sendInterests(parent[t], ask, false);
        }
    }

    private void sendInterests(int to, List<Integer> pieces, boolean retransmitted) {
        if (pieces.isEmpty()) {
            return;
        }
        ctx.sendOwn(to, new Interests(retransmitted, pieces.stream().mapToInt(Integer::intValue).toArray()));
        armRetransmissionTimer();
    }

    /** Keeps one timer at the earliest deadline of any outstanding interest. */
    private void armRetransmissionTimer() {
        long next = Long.MAX_VALUE;
        for (InterestWindow window : windows) {
            next = Math.min(next, window.nextDeadline(timeout));
        }
        retransmissionTimer.arm(next);
    }

    private void retransmit(long now) {
        for (int t = 0; t < parent.length; t++) {
            if (parent[t] >= 0) {
                sendInterests(parent[t], windows[t].expired(now, timeout), true);
            }
        }
        armRetransmissionTimer();
    }
}

package io.robber.datacast.overlay;

import io.robber.engine.EngineContext;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import java.util.BitSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A member's place on a multicast tree contracted to the members, down which it relays what the
 * paper's switches replicate ({@code rdcm}, {@code mctcp}). It greets its tree parent with a desire
 * (the pieces it misses) when its operation starts, after a lost connection to it comes back and
 * after a piece failed its digest; nothing is pushed to a member before it greets. When its parent
 * dies it re-parents to the nearest live member above it that is a neighbour, and greets that one.
 * Its children greet it the same way; each is pushed what it misses of what this member holds, then
 * every further piece.
 *
 * <p>It keeps what the member holds as far as the tree is concerned: what a receiver had at its start
 * and every piece it took since; the source starts with nothing and holds a piece once it sent it
 * down the tree, so that a child is never caught up ahead of the source's window.
 */
public final class TreeRelay {
    private static final Logger LOG = LoggerFactory.getLogger(TreeRelay.class);

    private final EngineContext ctx;
    private final OverlayTree tree;
    private final String protocol;
    private final TreeChildren children;
    private final BitSet neighbours = new BitSet();
    private final BitSet dead = new BitSet();
    private final BitSet held;
    /** The pieces in {@link #held}, counted: a bit count per piece would cost O(pieces) each time. */
    private int heldCount;
    private int parent;

    /**
     * @param tree              the contracted tree, the same on every member
     * @param protocol          the protocol's name, for messages
     * @param initiallyExpected what a planned child is assumed to expect before it reports (RDCM §3.5)
     * @param held              what a receiver holds at its start; empty at the source
     */
    public TreeRelay(EngineContext ctx, OverlayTree tree, String protocol, int initiallyExpected, BitSet held) {
        this.ctx = ctx;
        this.tree = tree;
        this.protocol = protocol;
        this.held = (BitSet) held.clone();
        this.heldCount = held.cardinality();
        this.parent = tree.parent(ctx.self());
        this.children = new TreeChildren(tree.children(ctx.self()), initiallyExpected);
        ctx.neighbours().forEach(neighbours::set);
    }

    /** The member this one takes the tree's pieces from; -1 at the root, or once no live one is left. */
    public int parent() {
        return parent;
    }

    public TreeChildren children() {
        return children;
    }

    /** This member's ancestors on the tree, nearest first: the members that may push pieces to it. */
    public int[] ancestors() {
        return tree.ancestors(ctx.self());
    }

    /** Whether this member is above {@code member} on the tree, and so may be its parent. */
    private boolean isAncestorOf(int member) {
        return tree.isBelow(member, ctx.self());
    }

    /** Whether this member holds {@code piece} (at the source: sent it down the tree). */
    public boolean holds(int piece) {
        return held.get(piece);
    }

    public boolean holdsAll() {
        return heldCount == ctx.manifest().pieceCount();
    }

    /** What this member holds, a copy. */
    public BitSet held() {
        return (BitSet) held.clone();
    }

    /**
     * A receiver got {@code piece} from upstream: if it is new, this member holds it and pushes it on.
     *
     * @return whether it was new
     */
    public boolean take(int piece) {
        if (held.get(piece)) {
            return false;
        }
        forward(piece);
        return true;
    }

    /**
     * Pushes {@code piece}, which this member now holds, to every child that greeted it and neither
     * held it then nor was pushed it since; the source sends (and re-sends) a piece down the tree so.
     */
    public void forward(int piece) {
        if (!held.get(piece)) {
            held.set(piece);
            heldCount++;
        }
        children.forEachWanting(piece, child -> ctx.pushPiece(child, piece));
    }

    /** Sends the parent a desire for every piece this member does not hold. */
    public void greetParent() {
        if (parent < 0) {
            return;
        }
        BitSet missing = new BitSet();
        missing.set(0, ctx.manifest().pieceCount());
        missing.andNot(held);
        ctx.send(parent, new Message.Desire(ctx.op(), missing));
    }

    /**
     * A child's greeting: refused unless this member is above {@code peer} on the tree; otherwise
     * {@code peer} is a ready child and is pushed every piece this member holds that it misses.
     */
    public void onDesire(int peer, Message.Desire desire) {
        if (!isAncestorOf(peer)) {
            ctx.refuse(peer, MessageType.DESIRE, "this member is not above it on the tree");
            return;
        }
        children.greeted(peer, desire.pieces(), ctx.manifest().pieceCount());
        BitSet catchUp = (BitSet) desire.pieces().clone();
        catchUp.and(held);
        for (int p = catchUp.nextSetBit(0); p >= 0; p = catchUp.nextSetBit(p + 1)) {
            forward(p);
        }
    }

    /** A child whose connection is gone gets nothing until it greets again. */
    public void lost(int peer) {
        children.lost(peer);
    }

    /**
     * The dead members so far are {@code deadNow}: the dead children are forgotten and, if the parent
     * died, this member re-parents and greets the new parent. With no live neighbour above it left, the
     * operation fails here unless this member holds everything.
     *
     * @return whether the parent changed
     */
    public boolean membersDead(BitSet deadNow) {
        dead.or(deadNow);
        children.died(dead);
        if (parent < 0 || !dead.get(parent)) {
            return false;
        }
        int replacement = liveAncestor();
        if (replacement < 0 && !holdsAll()) {
            ctx.fail("member " + id(parent) + ", this member's parent on the " + protocol + " tree, died, and no "
                    + "live member above it is a neighbour of this one");
            parent = -1;
            return true;
        }
        LOG.info("member {}: parent {} on the {} tree died; re-parented to {}", id(ctx.self()), id(parent), protocol,
                replacement < 0 ? "none (this member holds everything)" : id(replacement));
        parent = replacement;
        greetParent();
        return true;
    }

    /** The nearest live member above this one on the tree that it is connected to, or -1. */
    private int liveAncestor() {
        for (int a : tree.ancestors(ctx.self())) {
            if (!dead.get(a) && neighbours.get(a)) {
                return a;
            }
        }
        return -1;
    }

    private String id(int member) {
        return ctx.group().member(member).id();
    }
}

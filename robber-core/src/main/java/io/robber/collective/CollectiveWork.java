package io.robber.collective;

import io.robber.engine.EngineContext;
import io.robber.exchange.ExchangePolicy;
import java.util.BitSet;

/**
 * The work of one node of a collective and the desire it implies (§3.1): from local peers a node
 * desires every piece it lacks, from global peers only the pieces of its work. Requesting a piece
 * from any peer removes it from the work; an abandoned request puts it back.
 */
public final class CollectiveWork implements ExchangePolicy {
    private final EngineContext ctx;
    private final BitSet work;
    private final boolean hearAll;
    private Runnable afterRequests = () -> { };
    private boolean grown;

    public CollectiveWork(EngineContext ctx, BitSet initialWork) {
        this(ctx, initialWork, false);
    }

    /** @param hearAll global peers announce every piece this node lacks, not only its work (for relaying) */
    public CollectiveWork(EngineContext ctx, BitSet initialWork, boolean hearAll) {
        this.ctx = ctx;
        this.work = (BitSet) initialWork.clone();
        this.hearAll = hearAll;
    }

    /** work(n); live view. */
    public BitSet work() {
        return work;
    }

    public boolean unemployed() {
        return work.isEmpty();
    }

    /**
     * Removes and returns {@code count} pieces of the work (all of it if it holds fewer): its pieces in
     * {@code first} ahead of the others, each kind from the front.
     */
    public BitSet takeFront(int count, BitSet first) {
        BitSet preferred = (BitSet) work.clone();
        preferred.and(first);
        BitSet taken = front(preferred, count);
        BitSet rest = (BitSet) work.clone();
        rest.andNot(taken);
        taken.or(front(rest, count - taken.cardinality()));
        work.andNot(taken);
        return taken;
    }

    /** The first {@code count} pieces of {@code pieces}, or all of them. */
    private static BitSet front(BitSet pieces, int count) {
        BitSet front = new BitSet();
        for (int i = pieces.nextSetBit(0), n = 0; i >= 0 && n < count; i = pieces.nextSetBit(i + 1), n++) {
            front.set(i);
        }
        return front;
    }

    public void add(BitSet pieces) {
        work.or(pieces);
    }

    /** What to do after every change of request state (steal, or take over inherited work). */
    void onAfterRequests(Runnable action) {
        this.afterRequests = action;
    }

    @Override
    public BitSet desire(int peer) {
        return ctx.isLocal(peer) ? null : work;
    }

    @Override
    public BitSet announcements(int peer) {
        return hearAll ? null : desire(peer);
    }

    @Override
    public void onRequested(int peer, int piece) {
        work.clear(piece);
    }

    /**
     * The piece is wanted again, as work: the peer that was to send it is lost, or sent it corrupt.
     * Global peers then must hear the grown desire, see {@link #takeGrowth()}.
     */
    @Override
    public void onAbandoned(int piece) {
        if (!work.get(piece)) {
            work.set(piece);
            grown = true;
        }
    }

    /** True once after abandoned requests grew the work since the last call. */
    boolean takeGrowth() {
        boolean was = grown;
        grown = false;
        return was;
    }

    /** A piece can arrive after its request was abandoned (from a peer lost meanwhile): it is no work then. */
    @Override
    public void onReceived(int piece) {
        work.clear(piece);
    }

    @Override
    public void afterRequests() {
        afterRequests.run();
    }
}

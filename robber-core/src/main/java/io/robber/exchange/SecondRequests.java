package io.robber.exchange;

import java.util.BitSet;
import java.util.Collection;
import java.util.function.ObjIntConsumer;

/**
 * The end of a collective's transfer (a departure from the paper): a faster peer is asked for pieces
 * it announced that are still outstanding at another peer whose queue will presumably take more than
 * twice as long to deliver them than the faster one takes for one more piece, and longer by at least
 * half the window target (so that nothing is asked for twice where the queues are short anyway, e.g.
 * on fast links); both peers' rates must have been measured. The last pieces of an operation then do
 * not wait behind a slow connection while a fast one idles. Each piece is asked for twice at most; the
 * slow copy still arrives (there is no cancel) and counts as a duplicate.
 */
final class SecondRequests {
    private final ExchangeTuning tuning;
    private final int pieceSize;
    /** Pieces asked for a second time. */
    private final BitSet asked = new BitSet();
    /** The pieces one {@link #ask} may take from one slow peer; kept so that asking allocates nothing. */
    private final BitSet candidates = new BitSet();

    SecondRequests(ExchangeTuning tuning, int pieceSize) {
        this.tuning = tuning;
        this.pieceSize = pieceSize;
    }

    /**
     * Asks {@code fast}, while its window has room, for pieces queued behind slower {@code peers}
     * that it announced and this node neither holds ({@code possession}) nor asked for twice.
     */
    void ask(PeerState fast, Collection<PeerState> peers, BitSet possession, ObjIntConsumer<PeerState> request) {
        int window = fast.windowSize();
        for (PeerState slow : peers) {
            if (slow == fast || slow.outstanding.isEmpty() || fast.outstanding.cardinality() >= window) {
                continue;
            }
            long queue = slow.window.nanosToDeliver(slow.outstanding.cardinality(), pieceSize);
            if (queue == Long.MAX_VALUE) {
                continue;
            }
            candidates.clear();
            candidates.or(slow.outstanding);
            candidates.and(fast.has);
            candidates.andNot(fast.outstanding);
            candidates.andNot(possession);
            candidates.andNot(asked);
            for (int i = candidates.nextSetBit(0); i >= 0 && fast.outstanding.cardinality() < window;
                 i = candidates.nextSetBit(i + 1)) {
                long next = fast.window.nanosToDeliver(fast.outstanding.cardinality() + 1, pieceSize);
                if (next >= queue / 2 || queue - next < tuning.windowTargetNanos() / 2) {
                    break;
                }
                asked.set(i);
                request.accept(fast, i);
            }
        }
    }

    /** Whether {@code piece} may be asked for once more: it was not asked for twice yet. */
    boolean askAgain(int piece) {
        return !asked.get(piece);
    }

    /** {@code piece} is asked for a second time. */
    void markAsked(int piece) {
        asked.set(piece);
    }

    /** Whether a live peer still owes {@code piece} because it was asked for twice. */
    boolean owedByLivePeer(int piece, Collection<PeerState> peers) {
        if (!asked.get(piece)) {
            return false;
        }
        for (PeerState p : peers) {
            if (!p.lost && p.outstanding.get(piece)) {
                return true;
            }
        }
        return false;
    }
}

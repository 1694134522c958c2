package io.robber.datacast.tcp;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * RACK loss detection (RFC 8985) for each receiver of a multicast sender: every transmission gets its
 * time and its order; a segment a receiver lacks is lost for it once a transmission sent after the
 * segment's last one has reached it and a reordering window has passed since that later one's round
 * trip would have brought the segment too. A lost retransmission is found the same way, and the
 * window needs no three duplicate ACKs, so small windows recover without a timeout. The order, not
 * the time, says which was sent first: in virtual time a burst leaves at one instant.
 */
final class Rack {
    /** No retransmission yet; a clock's time may be negative. */
    private static final long NEVER = Long.MIN_VALUE;

    private final long[] firstSentAt;
    private final long[] retransmittedAt;
    private final long[] order;
    private final long[] reachedOrder;
    private final long[] reachedRtt;
    private final long[] reorderAt;
    private long transmissions;

    Rack(int segments, int receivers) {
        this.firstSentAt = new long[segments];
        this.retransmittedAt = new long[segments];
        Arrays.fill(retransmittedAt, NEVER);
        this.order = new long[segments];
        this.reachedOrder = new long[receivers];
        Arrays.fill(reachedOrder, -1);
        this.reachedRtt = new long[receivers];
        this.reorderAt = new long[receivers];
        Arrays.fill(reorderAt, Long.MAX_VALUE);
    }

    /** Segment {@code s} goes out at {@code now}, for the first time or again. */
    void sent(int s, long now, boolean retransmission) {
        if (retransmission) {
            retransmittedAt[s] = now;
        } else {
            firstSentAt[s] = now;
        }
        order[s] = transmissions++;
    }

    long firstSentAt(int s) {
        return firstSentAt[s];
    }

    boolean retransmitted(int s) {
        return retransmittedAt[s] != NEVER;
    }

    /** When segment {@code s} went out last. */
    long lastSentAt(int s) {
        return retransmitted(s) ? retransmittedAt[s] : firstSentAt[s];
    }

    /**
     * Receiver slot {@code r} newly holds segment {@code s} at {@code now}: its last transmission
     * reached it — unless that was a retransmission sent less than {@code minRtt} ago, so the original
     * arrived (RFC 8985, 6.2 step 2).
     */
    void reached(int r, int s, long now, long minRtt) {
        long rtt = now - lastSentAt(s);
        if ((!retransmitted(s) || rtt >= minRtt) && order[s] > reachedOrder[r]) {
            reachedOrder[r] = order[s];
            reachedRtt[r] = rtt;
        }
    }

    /**
     * Gives {@code lost} each hole of receiver slot {@code r} on {@code board} that is lost at
     * {@code now} with reordering window {@code reorder}, and notes when the next one will be.
     */
    void detect(int r, Scoreboard board, long now, long reorder, IntConsumer lost) {
        reorderAt[r] = Long.MAX_VALUE;
        int top = board.highestHeld(r);
        for (int s = board.nextHole(r, 0); s < top; s = board.nextHole(r, s + 1)) {
            if (order[s] < reachedOrder[r]) {
                long due = lastSentAt(s) + reachedRtt[r] + reorder;
                if (now >= due) {
                    lost.accept(s);
                } else {
                    reorderAt[r] = Math.min(reorderAt[r], due);
                }
            }
        }
    }

    /** When receiver slot {@code r}'s next hole is due to count as lost; {@link Long#MAX_VALUE} if none. */
    long reorderDeadline(int r) {
        return reorderAt[r];
    }

    /** Transmissions so far, first ones and retransmissions. */
    long transmissions() {
        return transmissions;
    }
}

package io.robber.datacast.tcp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A TCP-like sender to one receiver or many (MCTCP §3.1.2), sans-IO: a sliding window of segments
 * whose lower edge is the slowest live receiver's cumulative ACK, as wide as {@link Reno}'s
 * congestion window. A segment is (re)sent through the {@link Output} — on a multicast tree, every
 * receiver gets every transmission. Losses are repaired by fast retransmit (a receiver's third
 * duplicate ACK; NewReno's partial ACKs go on with the next hole of that receiver) and by the
 * retransmission timeout (Jacobson's estimate, Karn's rule, exponential backoff; after it the
 * window goes back to its lower edge and is sent again in slow start, go-back-N); a segment is not
 * sent again within one smoothed RTT of its last retransmission, so receivers missing the same
 * segment cost one retransmission. A receiver that misses a segment sent and sends no ACK for
 * {@code evictAfter} (counted from its last ACK, or from that segment's first sending if later) is
 * evicted: reported, and no longer holding the window back.
 */
public final class WindowSender {
    /** What the sender asks the network to do. */
    public interface Output {
        /** Sends segment {@code sequence} to every receiver (again, if {@code retransmission}). */
        void transmit(int sequence, boolean retransmission);

        /** Receiver {@code receiver} went silent and was evicted. */
        void evicted(int receiver);
    }

    /** No retransmission yet; a clock's time may be negative. */
    private static final long NEVER = Long.MIN_VALUE;

    private final int segments;
    private final int[] receivers;
    private final TcpSettings settings;
    private final Output output;
    private final Reno reno;
    private final int[] acked;
    private final int[] duplicates;
    private final long[] heard;
    private final boolean[] live;
    private final long[] sentAt;
    private final long[] retransmittedAt;
    private final List<Integer> evicted = new ArrayList<>();
    private int next;
    private int highest;
    private int base;
    private long srtt = -1;
    private long rttvar;
    private long rto;
    private long timerSince;
    private boolean recovering;
    private int recoverPoint;
    private long transmissions;
    private long retransmissions;

    public WindowSender(int segments, int[] receivers, TcpSettings settings, Output output) {
        this.segments = segments;
        this.receivers = receivers.clone();
        this.settings = settings;
        this.output = output;
        this.reno = new Reno(settings.initialWindow());
        this.acked = new int[receivers.length];
        this.duplicates = new int[receivers.length];
        this.heard = new long[receivers.length];
        this.live = new boolean[receivers.length];
        Arrays.fill(live, true);
        this.sentAt = new long[segments];
        this.retransmittedAt = new long[segments];
        Arrays.fill(retransmittedAt, NEVER);
        this.rto = Math.max(settings.minRtoNanos(), 10 * settings.minRtoNanos());
    }

    /** Starts sending at {@code now}: every receiver counts as heard from now. */
    public void start(long now) {
        Arrays.fill(heard, now);
        timerSince = now;
        fill(now);
    }

    /** Receiver {@code receiver}'s cumulative ACK: it holds every segment below {@code cumulative}. */
    public void onAck(int receiver, int cumulative, long now) {
        int r = slot(receiver);
        if (r < 0 || !live[r]) {
            return;
        }
        heard[r] = now;
        if (cumulative > acked[r]) {
            int last = cumulative - 1;
            if (last < highest && retransmittedAt[last] == NEVER) {
                sample(now - sentAt[last]);
            }
            acked[r] = cumulative;
            duplicates[r] = 0;
            if (recovering && cumulative < recoverPoint && cumulative < highest) {
                retransmit(cumulative, now);
            }
            advance(now);
        } else if (cumulative == acked[r] && cumulative < highest && ++duplicates[r] == settings.duplicateAcks()) {
            if (!recovering) {
                recovering = true;
                recoverPoint = highest;
                reno.lost();
            }
            retransmit(cumulative, now);
        }
        fill(now);
    }

    /**
     * Receiver {@code receiver} is known to be gone (declared dead elsewhere): it no longer holds the
     * window back. Unlike an eviction it is not reported through the {@link Output}.
     */
    public void remove(int receiver, long now) {
        int r = slot(receiver);
        if (r >= 0 && live[r]) {
            live[r] = false;
            advance(now);
            fill(now);
        }
    }

    /**
     * Receiver {@code receiver}'s silence until {@code since} is not its own doing (the path to it broke
     * and is being mended): its eviction period starts again then, which may be in the future.
     */
    public void excuse(int receiver, long since) {
        int r = slot(receiver);
        if (r >= 0 && live[r]) {
            heard[r] = Math.max(heard[r], since);
        }
    }

    /**
     * Handles the retransmission timeout and evicts silent receivers in the order they were given, so
     * that evicting one can {@link #excuse} those that depend on it before their turn; as due at
     * {@code now}.
     */
    public void onTimer(long now) {
        for (int r = 0; r < receivers.length; r++) {
            if (owes(r) && now - silentSince(r) >= settings.evictAfterNanos()) {
                live[r] = false;
                evicted.add(receivers[r]);
                output.evicted(receivers[r]);
            }
        }
        advance(now);
        if (!done() && base < next && now - timerSince >= rto) {
            reno.timedOut();
            recovering = false;
            rto = Math.min(2 * rto, settings.maxRtoNanos());
            timerSince = now;
            next = base;
        }
        fill(now);
    }

    /** When {@link #onTimer} is next due. */
    public long nextDeadline() {
        if (done()) {
            return Long.MAX_VALUE;
        }
        long deadline = base < next ? timerSince + rto : Long.MAX_VALUE;
        for (int r = 0; r < receivers.length; r++) {
            if (owes(r)) {
                deadline = Math.min(deadline, silentSince(r) + settings.evictAfterNanos());
            }
        }
        return deadline;
    }

    /** Whether every live receiver holds every segment. */
    public boolean done() {
        return base == segments;
    }

    /** Every live receiver holds every segment below this one. */
    public int base() {
        return base;
    }

    public List<Integer> evicted() {
        return List.copyOf(evicted);
    }

    /** Segments put on the network, first transmissions and retransmissions. */
    public long transmissions() {
        return transmissions;
    }

    public long retransmissions() {
        return retransmissions;
    }

    public int window() {
        return reno.window();
    }

    /** Whether live receiver slot {@code r} has not ACKed a segment that was sent. */
    private boolean owes(int r) {
        return live[r] && acked[r] < highest;
    }

    /** Since when slot {@code r} owes an ACK: its last one, or the first send of the segment it misses if later. */
    private long silentSince(int r) {
        return Math.max(heard[r], sentAt[acked[r]]);
    }

    private void advance(long now) {
        int low = segments;
        for (int r = 0; r < receivers.length; r++) {
            if (live[r]) {
                low = Math.min(low, acked[r]);
            }
        }
        if (low > base) {
            if (!recovering) {
                reno.acked(low - base);
            } else if (low >= recoverPoint) {
                recovering = false;
            }
            base = low;
            next = Math.max(next, base);
            timerSince = now;
        }
    }

    private void fill(long now) {
        int limit = Math.min(segments, base + Math.max(1, Math.min(reno.window(), settings.maxWindow())));
        while (next < limit) {
            int sequence = next++;
            transmissions++;
            if (sequence < highest) {
                retransmissions++;
                retransmittedAt[sequence] = now;
                output.transmit(sequence, true);
            } else {
                sentAt[sequence] = now;
                highest = sequence + 1;
                output.transmit(sequence, false);
            }
        }
    }

    private void retransmit(int sequence, long now) {
        long last = retransmittedAt[sequence];
        if (last != NEVER && now - last < Math.max(srtt, settings.minRtoNanos() / 2)) {
            return;
        }
        retransmittedAt[sequence] = now;
        transmissions++;
        retransmissions++;
        output.transmit(sequence, true);
    }

    private void sample(long rtt) {
        if (srtt < 0) {
            srtt = rtt;
            rttvar = rtt / 2;
        } else {
            rttvar = (3 * rttvar + Math.abs(srtt - rtt)) / 4;
            srtt = (7 * srtt + rtt) / 8;
        }
        rto = Math.min(Math.max(srtt + 4 * rttvar, settings.minRtoNanos()), settings.maxRtoNanos());
    }

    private int slot(int receiver) {
        for (int r = 0; r < receivers.length; r++) {
            if (receivers[r] == receiver) {
                return r;
            }
        }
        return -1;
    }
}

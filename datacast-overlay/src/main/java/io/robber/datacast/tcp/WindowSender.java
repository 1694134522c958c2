package io.robber.datacast.tcp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * A TCP-like sender to one receiver or many (MCTCP §3.1.2), sans-IO: a sliding window of segments
 * whose lower edge is the slowest live receiver's cumulative ACK, {@link Reno} sizing what may be in
 * flight. A segment is (re)sent through the {@link Output} — on a multicast tree, every receiver gets
 * every transmission.
 *
 * <p>Receivers that send selective ACKs (RFC 2018, {@link TcpSettings#selectiveAcks()}) fill a
 * {@link Scoreboard}: a segment every live receiver holds is never sent again, and a hole of any
 * receiver is retransmitted once for all of them (the union of the receivers' holes), found lost
 * by {@link Rack} (RFC 8985) per receiver. What is in flight is RFC 6675's pipe: segments some
 * live receiver lacks, less those deemed lost and not yet sent again. A tail loss probe (RFC 8985,
 * 7) sends one segment when nothing has been heard for two round trips, so that the receivers'
 * answers reveal losses at the end of a burst. Receivers without selective ACKs are repaired by
 * fast retransmit (the third duplicate ACK) and NewReno's partial ACKs. The first loss of a window
 * halves the window (fast recovery until the lower edge passes what was sent then); the
 * retransmission timeout ({@link RtoEstimator}, RFC 6298) sets it to one segment and marks lost
 * what some live receiver lacks, sent again in slow start. A receiver that misses a segment sent
 * and sends no ACK for {@code evictAfter} (counted from its last ACK, or from that segment's first
 * sending if later) is evicted: reported, and no longer holding the window back.
 */
public final class WindowSender {
    /** What the sender asks the network to do. */
    public interface Output {
        /** Sends segment {@code sequence} to every receiver (again, if {@code retransmission}). */
        void transmit(int sequence, boolean retransmission);

        /** Receiver {@code receiver} went silent and was evicted. */
        void evicted(int receiver);
    }

    private static final int[] NO_BLOCKS = {};

    private final int segments;
    private final int[] receivers;
    private final TcpSettings settings;
    private final Output output;
    private final Reno reno;
    private final RtoEstimator rto;
    private final Scoreboard board;
    private final Rack rack;
    private final int[] duplicates;
    private final long[] heard;
    private final BitSet lost = new BitSet();
    private final List<Integer> evicted = new ArrayList<>();
    private int highest;
    private int base;
    private long timerSince;
    private long activeAt;
    private boolean probing;
    private boolean recovering;
    private int recoverPoint;
    private long retransmissions;
    private long timeouts;
    private long probes;

    public WindowSender(int segments, int[] receivers, TcpSettings settings, Output output) {
        this(segments, receivers, settings, new RtoEstimator(settings), output);
    }

    /** A sender whose timeout goes on from {@code rto} (e.g. from a handshake's round trips). */
    public WindowSender(int segments, int[] receivers, TcpSettings settings, RtoEstimator rto, Output output) {
        this.segments = segments;
        this.receivers = receivers.clone();
        this.settings = settings;
        this.output = output;
        this.reno = new Reno(settings.initialWindow());
        this.rto = rto;
        this.board = new Scoreboard(segments, receivers.length);
        this.rack = new Rack(segments, receivers.length);
        this.duplicates = new int[receivers.length];
        this.heard = new long[receivers.length];
    }

    /** Starts sending at {@code now}: every receiver counts as heard from now. */
    public void start(long now) {
        Arrays.fill(heard, now);
        timerSince = now;
        fill(now);
    }

    /** Receiver {@code receiver}'s cumulative ACK: it holds every segment below {@code cumulative}. */
    public void onAck(int receiver, int cumulative, long now) {
        onAck(receiver, cumulative, NO_BLOCKS, now);
    }

    /**
     * Receiver {@code receiver}'s ACK: it holds every segment below {@code cumulative} and those in
     * {@code sack}, selective ACK blocks as {@code [start, end)} pairs (a block below the cumulative
     * ACK reports a duplicate, RFC 2883).
     */
    public void onAck(int receiver, int cumulative, int[] sack, long now) {
        int r = slot(receiver);
        if (r < 0 || !board.live(r)) {
            return;
        }
        heard[r] = now;
        int before = board.cumulative(r);
        int[] latest = {-1};
        board.update(r, cumulative, sack, s -> {
            rack.reached(r, s, now, rto.minRtt());
            if (latest[0] < 0 || rack.lastSentAt(s) > rack.lastSentAt(latest[0])) {
                latest[0] = s;
            }
        });
        if (latest[0] >= 0) {
            activeAt = now;
            probing = false;
            // Karn's rule, but a retransmission that took at least the least round trip counts: the ACK
            // cannot be the original's (RFC 8985, 6.2), as TCP timestamps (RFC 7323) would tell. Else,
            // when only retransmissions make progress, the backed-off timeout never comes down.
            long rtt = now - rack.lastSentAt(latest[0]);
            if (!rack.retransmitted(latest[0]) || rtt >= rto.minRtt()) {
                rto.sample(rtt);
            }
        }
        int after = board.cumulative(r);
        if (after > before) {
            duplicates[r] = 0;
            if (!settings.selectiveAcks() && recovering && after < recoverPoint && after < highest) {
                fastRetransmit(after, now);
            }
        } else if (!settings.selectiveAcks() && cumulative == before && before < highest
                && ++duplicates[r] == settings.duplicateAcks()) {
            fastRetransmit(before, now);
        }
        if (settings.selectiveAcks()) {
            detect(r, now);
        }
        advance(now);
        fill(now);
    }

    /**
     * Receiver {@code receiver} is known to be gone (declared dead elsewhere): it no longer holds the
     * window back. Unlike an eviction it is not reported through the {@link Output}.
     */
    public void remove(int receiver, long now) {
        int r = slot(receiver);
        if (r >= 0 && board.live(r)) {
            board.remove(r);
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
        if (r >= 0 && board.live(r)) {
            heard[r] = Math.max(heard[r], since);
        }
    }

    /**
     * Evicts silent receivers in the order they were given, so that evicting one can {@link #excuse}
     * those that depend on it before their turn; then finds losses whose reordering window has passed,
     * sends a tail loss probe or handles the retransmission timeout, as due at {@code now}.
     */
    public void onTimer(long now) {
        for (int r = 0; r < receivers.length; r++) {
            if (owes(r) && now - silentSince(r) >= settings.evictAfterNanos()) {
                board.remove(r);
                evicted.add(receivers[r]);
                output.evicted(receivers[r]);
            }
        }
        advance(now);
        for (int r = 0; r < receivers.length; r++) {
            if (board.live(r) && rack.reorderDeadline(r) <= now) {
                detect(r, now);
            }
        }
        if (!done() && base < highest && now - timerSince >= rto.rto()) {
            timeouts++;
            reno.timedOut();
            rto.backOff();
            recovering = false;
            recoverPoint = highest;
            timerSince = now;
            for (int s = base; s < highest; s++) {
                lost.set(s, !board.everyoneHolds(s));
            }
        } else if (probeAt() <= now) {
            probe(now);
        }
        fill(now);
    }

    /** When {@link #onTimer} is next due. */
    public long nextDeadline() {
        if (done()) {
            return Long.MAX_VALUE;
        }
        long deadline = Math.min(probeAt(), base < highest ? timerSince + rto.rto() : Long.MAX_VALUE);
        for (int r = 0; r < receivers.length; r++) {
            if (owes(r)) {
                deadline = Math.min(deadline, silentSince(r) + settings.evictAfterNanos());
            }
            if (board.live(r)) {
                deadline = Math.min(deadline, rack.reorderDeadline(r));
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
        return rack.transmissions();
    }

    public long retransmissions() {
        return retransmissions;
    }

    /** How often the retransmission timeout expired. */
    public long timeouts() {
        return timeouts;
    }

    /** Tail loss probes sent. */
    public long probes() {
        return probes;
    }

    public int window() {
        return reno.window();
    }

    /** Marks the holes of receiver slot {@code r} that RACK finds lost, reordering window min RTT / 4. */
    private void detect(int r, long now) {
        long reorder = rto.minRtt() == Long.MAX_VALUE ? 0 : rto.minRtt() / 4;
        rack.detect(r, board, now, reorder, s -> {
            if (!lost.get(s)) {
                lost.set(s);
                enterRecovery(s, now);
            }
        });
    }

    /** A loss without selective ACKs: segment {@code s} goes again now, unless it just did. */
    private void fastRetransmit(int s, long now) {
        if (rack.retransmitted(s)
                && now - rack.lastSentAt(s) < Math.max(rto.srtt(), settings.minRtoNanos() / 2)) {
            return;
        }
        lost.set(s);
        if (!enterRecovery(s, now)) {
            retransmit(s, now);
        }
    }

    /**
     * Segment {@code s} was lost: if it was sent after the last recovery point, the window halves and
     * fast recovery starts, its first retransmission at once whatever is in flight (RFC 6675, 4.2).
     */
    private boolean enterRecovery(int s, long now) {
        if (recovering || s < recoverPoint) {
            return false;
        }
        recovering = true;
        recoverPoint = highest;
        reno.lost();
        retransmit(s, now);
        return true;
    }

    /** When a tail loss probe is due: two smoothed round trips after the last sending or news. */
    private long probeAt() {
        return probing || base >= highest || rto.srtt() < 0 ? Long.MAX_VALUE : activeAt + 2 * rto.srtt();
    }

    /** Sends a new segment if the largest window allows, else the highest one some live receiver lacks. */
    private void probe(long now) {
        probing = true;
        probes++;
        if (highest < segments && highest - base < settings.maxWindow()) {
            sendNew(now);
            return;
        }
        int s = highest - 1;
        while (s > base && board.everyoneHolds(s)) {
            s--;
        }
        retransmit(s, now);
    }

    /** Whether live receiver slot {@code r} has not ACKed a segment that was sent. */
    private boolean owes(int r) {
        return board.live(r) && board.cumulative(r) < highest;
    }

    /** Since when slot {@code r} owes an ACK: its last one, or the first send of the segment it misses if later. */
    private long silentSince(int r) {
        return Math.max(heard[r], rack.firstSentAt(board.cumulative(r)));
    }

    private void advance(long now) {
        int low = board.lowest();
        if (low > base) {
            if (!recovering) {
                reno.acked(low - base);
            } else if (low >= recoverPoint) {
                recovering = false;
            }
            lost.clear(base, low);
            base = low;
            timerSince = now;
        }
    }

    /** Sends while the pipe is below the window: lost segments first, lowest first, then new ones. */
    private void fill(long now) {
        int window = Math.max(1, reno.window());
        int pipe = pipe();
        for (; pipe < window; pipe++) {
            int s = lost.nextSetBit(base);
            while (s >= 0 && board.everyoneHolds(s)) {
                lost.clear(s);
                s = lost.nextSetBit(s + 1);
            }
            if (s >= 0) {
                retransmit(s, now);
            } else if (highest < segments && highest - base < Math.max(1, settings.maxWindow())) {
                sendNew(now);
            } else {
                return;
            }
        }
    }

    /**
     * RFC 6675's pipe on the tree: the most segments in flight to one live receiver — those it lacks
     * that are not deemed lost and waiting to be sent again.
     */
    private int pipe() {
        int pipe = 0;
        for (int r = 0; r < receivers.length; r++) {
            int inFlight = 0;
            for (int s = board.nextHole(r, base); s < highest; s = board.nextHole(r, s + 1)) {
                inFlight += lost.get(s) ? 0 : 1;
            }
            pipe = board.live(r) ? Math.max(pipe, inFlight) : pipe;
        }
        return pipe;
    }

    private void sendNew(long now) {
        int s = highest++;
        rack.sent(s, now, false);
        activeAt = now;
        output.transmit(s, false);
    }

    private void retransmit(int s, long now) {
        lost.clear(s);
        rack.sent(s, now, true);
        activeAt = now;
        retransmissions++;
        output.transmit(s, true);
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

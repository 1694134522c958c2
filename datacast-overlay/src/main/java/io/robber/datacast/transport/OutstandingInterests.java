package io.robber.datacast.transport;

import io.robber.engine.Timers;
import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * A receiver's interests in the network (at most w of them) with their deadlines, behind one timer:
 * it fires at the earliest deadline and hands every expired interest back to be sent again. One
 * pending event per receiver however many interests are out, so thousands of receivers keep the
 * event queue small. A tree's schedule may grow, and the per-packet attempts with it. RTT samples
 * come from interests answered at their first sending (Karn). An interest's deadline is when it was
 * sent plus the timeout as it stands now, backed off per attempt: a new sample moves the deadlines
 * of the interests already out, as TCP restarts its timer with the current RTO (RFC 6298, 5.3), so
 * the first interests do not wait out the initial timeout of ten floors once the round trip is known.
 * An interest {@linkplain #OVERTAKEN_THRESHOLD overtaken} three times is sent again without waiting
 * for its timeout: the packet is then still in the caches just up the tree, which answer it.
 */
final class OutstandingInterests {
    /**
     * Interests sent later and answered first after which an outstanding one counts as lost and is
     * sent again at once (TCP's fast retransmit after three duplicate ACKs): a tree's data comes back
     * down one path in the order asked, so being overtaken means its data or its interest was lost.
     */
    static final int OVERTAKEN_THRESHOLD = 3;
    private final Timers timers;
    private final RetransmissionTimeout timeout;
    private final IntConsumer expired;
    private final Runnable check = this::check;
    private final int[] positions;
    private final long[] askedAt;
    private final long[] order;
    private final int[] overtaken;
    private final int[] lost;
    private byte[] attempts;
    private long sends;
    private int count;
    private Runnable timer;
    private long timerAt;

    OutstandingInterests(Timers timers, int window, int packets, long minTimeoutNanos, IntConsumer expired) {
        this.timers = timers;
        this.timeout = new RetransmissionTimeout(minTimeoutNanos);
        this.expired = expired;
        this.positions = new int[window];
        this.askedAt = new long[window];
        this.order = new long[window];
        this.overtaken = new int[window];
        this.lost = new int[window];
        this.attempts = new byte[Math.max(1, packets)];
    }

    /** Interest {@code position} went out now (again, if it is still outstanding). */
    void sent(int position) {
        if (position >= attempts.length) {
            attempts = Arrays.copyOf(attempts, Math.max(position + 1, 2 * attempts.length));
        }
        int slot = slotOf(position);
        if (slot < 0) {
            slot = count++;
            positions[slot] = position;
        }
        askedAt[slot] = timers.nanoTime();
        order[slot] = sends++;
        overtaken[slot] = 0;
        arm(deadline(slot));
    }

    private long deadline(int slot) {
        return askedAt[slot] + timeout.nanos(attempts[positions[slot]]);
    }

    /** Its data arrived: no longer outstanding; whether it was. */
    boolean answered(int position) {
        int slot = slotOf(position);
        if (slot < 0) {
            return false;
        }
        boolean sampled = attempts[position] == 0;
        if (sampled) {
            timeout.sample(timers.nanoTime() - askedAt[slot]);
        }
        long answeredOrder = order[slot];
        count--;
        positions[slot] = positions[count];
        askedAt[slot] = askedAt[count];
        order[slot] = order[count];
        overtaken[slot] = overtaken[count];
        if (sampled && count > 0) {
            arm(earliestDeadline());
            retransmitOvertaken(answeredOrder);
        }
        return true;
    }

    /**
     * Sends again at once each interest that the answer to one sent after it overtook for the third
     * time. Only answers to first interests count: a retransmitted one is answered from a cache
     * nearby, ahead of the data of interests sent before it, and nothing was lost.
     */
    private void retransmitOvertaken(long answeredOrder) {
        int found = 0;
        for (int i = 0; i < count; i++) {
            if (order[i] < answeredOrder && ++overtaken[i] == OVERTAKEN_THRESHOLD) {
                lost[found++] = positions[i];
            }
        }
        for (int i = 0; i < found; i++) {
            retransmit(lost[i]);
        }
    }

    private void retransmit(int position) {
        if (attempts[position] < Byte.MAX_VALUE) {
            attempts[position]++;
        }
        expired.accept(position);
    }

    /** Forgets every interest and stops the timer (the receiver left the tree). */
    void stop() {
        count = 0;
        if (timer != null) {
            timer.run();
            timer = null;
        }
    }

    private int slotOf(int position) {
        for (int i = 0; i < count; i++) {
            if (positions[i] == position) {
                return i;
            }
        }
        return -1;
    }

    private void arm(long at) {
        if (timer != null && timerAt <= at) {
            return;
        }
        if (timer != null) {
            timer.run();
        }
        timerAt = at;
        timer = timers.schedule(Math.max(0, at - timers.nanoTime()), check);
    }

    private long earliestDeadline() {
        long earliest = Long.MAX_VALUE;
        for (int i = 0; i < count; i++) {
            earliest = Math.min(earliest, deadline(i));
        }
        return earliest;
    }

    private void check() {
        timer = null;
        long now = timers.nanoTime();
        for (int i = 0; i < count; i++) {
            if (deadline(i) <= now) {
                retransmit(positions[i]);
            }
        }
        if (count > 0) {
            arm(earliestDeadline());
        }
    }
}

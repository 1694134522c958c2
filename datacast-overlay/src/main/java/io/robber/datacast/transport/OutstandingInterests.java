package io.robber.datacast.transport;

import io.robber.engine.Timers;
import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * A receiver's interests in the network (at most w of them) with their deadlines, behind one timer:
 * it fires at the earliest deadline and hands every expired interest back to be sent again. One
 * pending event per receiver however many interests are out, so thousands of receivers keep the
 * event queue small. A tree's schedule may grow, and the per-packet attempts with it. RTT samples
 * come from interests answered at their first sending (Karn).
 */
final class OutstandingInterests {
    private final Timers timers;
    private final RetransmissionTimeout timeout;
    private final IntConsumer expired;
    private final Runnable check = this::check;
    private final int[] positions;
    private final long[] askedAt;
    private final long[] deadlines;
    private byte[] attempts;
    private int count;
    private Runnable timer;
    private long timerAt;

    OutstandingInterests(Timers timers, int window, int packets, long minTimeoutNanos, IntConsumer expired) {
        this.timers = timers;
        this.timeout = new RetransmissionTimeout(minTimeoutNanos);
        this.expired = expired;
        this.positions = new int[window];
        this.askedAt = new long[window];
        this.deadlines = new long[window];
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
        long now = timers.nanoTime();
        askedAt[slot] = now;
        deadlines[slot] = now + timeout.nanos(attempts[position]);
        arm(deadlines[slot]);
    }

    /** Its data arrived: no longer outstanding; whether it was. */
    boolean answered(int position) {
        int slot = slotOf(position);
        if (slot < 0) {
            return false;
        }
        if (attempts[position] == 0) {
            timeout.sample(timers.nanoTime() - askedAt[slot]);
        }
        count--;
        positions[slot] = positions[count];
        askedAt[slot] = askedAt[count];
        deadlines[slot] = deadlines[count];
        return true;
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
        timer = timers.schedule(at - timers.nanoTime(), check);
    }

    private void check() {
        timer = null;
        long now = timers.nanoTime();
        long earliest = Long.MAX_VALUE;
        for (int i = 0; i < count; i++) {
            if (deadlines[i] <= now) {
                int position = positions[i];
                if (attempts[position] < Byte.MAX_VALUE) {
                    attempts[position]++;
                }
                expired.accept(position);
            }
            earliest = Math.min(earliest, deadlines[i]);
        }
        if (count > 0) {
            arm(earliest);
        }
    }
}

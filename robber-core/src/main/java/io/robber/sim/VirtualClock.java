package io.robber.sim;

import io.robber.engine.Timers;
import java.util.Arrays;

/**
 * Virtual time and a discrete-event queue. Events run in order of (time, sequence number), so equal
 * times run in scheduling order and a run is fully deterministic. Also serves as the engines'
 * {@link Timers}: every node of a simulation shares the one clock and the one thread.
 *
 * <p>The queue is a binary heap of events compared by their two longs directly (no comparator
 * chain, no boxing), and an event is its own cancel handle: scheduling allocates the event only.
 * A 10,000-node run schedules some 10<sup>8</sup> events, so this is the simulator's innermost loop.
 */
public final class VirtualClock implements Timers {
    private Event[] heap = new Event[1024];
    private int size;
    private long now;
    private long sequence;
    private long executed;

    /** One scheduled task; running the event as a {@link Runnable} cancels it. */
    private static final class Event implements Runnable {
        private final long time;
        private final long sequence;
        private final Runnable task;
        private boolean cancelled;

        Event(long time, long sequence, Runnable task) {
            this.time = time;
            this.sequence = sequence;
            this.task = task;
        }

        boolean before(Event other) {
            return time < other.time || time == other.time && sequence < other.sequence;
        }

        @Override
        public void run() {
            cancelled = true;
        }
    }

    /** The current virtual time in nanoseconds since the start of the run. */
    public long now() {
        return now;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public Runnable schedule(long delayNanos, Runnable task) {
        return at(now + Math.max(0, delayNanos), task);
    }

    /** Schedules {@code task} at the absolute virtual time {@code time}; the result cancels it. */
    public Runnable at(long time, Runnable task) {
        if (time < now) {
            throw new IllegalArgumentException("cannot schedule in the past: " + time + " < " + now);
        }
        Event event = new Event(time, sequence++, task);
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Event p = heap[parent];
            if (!event.before(p)) {
                break;
            }
            heap[i] = p;
            i = parent;
        }
        heap[i] = event;
        return event;
    }

    /** True when no (uncancelled) event is left. */
    public boolean idle() {
        while (size > 0 && heap[0].cancelled) {
            poll();
        }
        return size == 0;
    }

    /** Time of the next event; only meaningful when not {@link #idle()}. */
    public long nextTime() {
        return idle() ? now : heap[0].time;
    }

    /** Runs the next event; returns false when there was none. */
    public boolean step() {
        if (idle()) {
            return false;
        }
        Event event = poll();
        now = event.time;
        executed++;
        event.task.run();
        return true;
    }

    private Event poll() {
        Event first = heap[0];
        Event last = heap[--size];
        heap[size] = null;
        if (size > 0) {
            int i = 0;
            int half = size >>> 1;
            while (i < half) {
                int child = 2 * i + 1;
                Event c = heap[child];
                int right = child + 1;
                if (right < size && heap[right].before(c)) {
                    child = right;
                    c = heap[child];
                }
                if (!c.before(last)) {
                    break;
                }
                heap[i] = c;
                i = child;
            }
            heap[i] = last;
        }
        return first;
    }

    /** Events run so far. */
    public long executed() {
        return executed;
    }

    /** Events waiting to run (including cancelled ones not yet discarded). */
    public int queued() {
        return size;
    }
}

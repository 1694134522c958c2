package io.robber.sim;

import io.robber.engine.Timers;
import java.util.Arrays;

/**
 * Virtual time and a discrete-event queue. Events run in order of (time, sequence number), so equal
 * times run in scheduling order and a run is fully deterministic. Also serves as the engines'
 * {@link Timers}: every node of a simulation shares the one clock and the one thread.
 *
 * <p>The queue is a binary heap kept as parallel arrays, each event's time and sequence number in
 * {@code long[]}s beside the events, so ordering it reads no event object (no comparator, no boxing,
 * no pointer chasing), and an event is its own cancel handle: scheduling allocates the event only.
 * A 10,000-node run schedules some 10<sup>8</sup> events, so this is the simulator's innermost loop.
 */
public final class VirtualClock implements Timers {
    private Event[] heap = new Event[1024];
    private long[] times = new long[1024];
    private long[] sequences = new long[1024];
    private int size;
    private long now;
    private long sequence;
    private long executed;

    /** One scheduled task; running the event as a {@link Runnable} cancels it. */
    private static final class Event implements Runnable {
        private final Runnable task;
        private boolean cancelled;

        Event(Runnable task) {
            this.task = task;
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
        Event event = new Event(task);
        long seq = sequence++;
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            times = Arrays.copyOf(times, size * 2);
            sequences = Arrays.copyOf(sequences, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            long pt = times[parent];
            if (time > pt || time == pt && seq > sequences[parent]) {
                break;
            }
            heap[i] = heap[parent];
            times[i] = pt;
            sequences[i] = sequences[parent];
            i = parent;
        }
        heap[i] = event;
        times[i] = time;
        sequences[i] = seq;
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
        return idle() ? now : times[0];
    }

    /** Runs the next event; returns false when there was none. */
    public boolean step() {
        if (idle()) {
            return false;
        }
        now = times[0];
        Event event = poll();
        executed++;
        event.task.run();
        return true;
    }

    /** Removes the first event and restores the heap: the last one sifts down from the top. */
    private Event poll() {
        Event first = heap[0];
        int last = --size;
        Event moved = heap[last];
        long time = times[last];
        long seq = sequences[last];
        heap[last] = null;
        if (size > 0) {
            int i = 0;
            int half = size >>> 1;
            while (i < half) {
                int child = 2 * i + 1;
                int right = child + 1;
                if (right < size && (times[right] < times[child]
                        || times[right] == times[child] && sequences[right] < sequences[child])) {
                    child = right;
                }
                long ct = times[child];
                if (ct > time || ct == time && sequences[child] > seq) {
                    break;
                }
                heap[i] = heap[child];
                times[i] = ct;
                sequences[i] = sequences[child];
                i = child;
            }
            heap[i] = moved;
            times[i] = time;
            sequences[i] = seq;
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

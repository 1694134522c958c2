package io.robber.sim;

import io.robber.engine.Timers;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * Virtual time and a discrete-event queue. Events run in order of (time, sequence number), so equal
 * times run in scheduling order and a run is fully deterministic. Also serves as the engines'
 * {@link Timers}: every node of a simulation shares the one clock and the one thread.
 */
public final class VirtualClock implements Timers {
    private final PriorityQueue<Event> queue = new PriorityQueue<>(
            Comparator.comparingLong(Event::time).thenComparingLong(Event::sequence));
    private long now;
    private long sequence;
    private long executed;

    private static final class Event {
        private final long time;
        private final long sequence;
        private final Runnable task;
        private boolean cancelled;

        Event(long time, long sequence, Runnable task) {
            this.time = time;
            this.sequence = sequence;
            this.task = task;
        }

        long time() {
            return time;
        }

        long sequence() {
            return sequence;
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
        queue.add(event);
        return () -> event.cancelled = true;
    }

    /** True when no (uncancelled) event is left. */
    public boolean idle() {
        while (!queue.isEmpty() && queue.peek().cancelled) {
            queue.poll();
        }
        return queue.isEmpty();
    }

    /** Time of the next event; only meaningful when not {@link #idle()}. */
    public long nextTime() {
        return idle() ? now : queue.peek().time;
    }

    /** Runs the next event; returns false when there was none. */
    public boolean step() {
        if (idle()) {
            return false;
        }
        Event event = queue.poll();
        now = event.time;
        executed++;
        event.task.run();
        return true;
    }

    /** Events run so far. */
    public long executed() {
        return executed;
    }

    /** Events waiting to run (including cancelled ones not yet discarded). */
    public int queued() {
        return queue.size();
    }
}

package io.robber.datacast.fabric;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import io.robber.sim.VirtualClock;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Runs a {@link VirtualClock}'s events in real time on one event loop: an event runs once the wall
 * clock is within {@link #AHEAD_NANOS} of its time, and never before a packet still on a socket
 * whose (earlier) arrival time it would pass. Each packet on the wire carries the virtual time it
 * arrives at, the time it left plus the link's propagation delay (the conservative lookahead), so the
 * events run in the same order of time as in a virtual-time run; the sockets only carry the bytes.
 * When the machine keeps up, virtual time follows the wall clock; when it cannot, virtual time falls
 * behind (the run is slower than real time, not different).
 *
 * <p>Called on the event loop only.
 */
final class WallClockPacer {
    /** How far virtual time may run ahead of the wall clock: events are batched within it. */
    static final long AHEAD_NANOS = 1_000_000;

    private final VirtualClock clock;
    private final EventLoop loop;
    private final Runnable flush;
    /** The arrival times of the packets on the wire, with their counts. */
    private final TreeMap<Long, Integer> onWire = new TreeMap<>();
    private final Runnable pumpTask = this::pump;
    private final Runnable wake = () -> {
        wakeup = null;
        pump();
    };
    private Runnable afterPump = () -> { };
    private long origin;
    private boolean running;
    private boolean pumpQueued;
    private ScheduledFuture<?> wakeup;
    private long wakeupAt;

    WallClockPacer(VirtualClock clock, EventLoop loop, Runnable flush) {
        this.clock = clock;
        this.loop = loop;
        this.flush = flush;
    }

    /** Virtual time 0 is now; runs {@code start}, then paces the clock, calling {@code afterPump} after each batch. */
    void start(Runnable start, Runnable afterEachBatch) {
        origin = System.nanoTime();
        afterPump = afterEachBatch;
        running = true;
        start.run();
        pump();
    }

    void stop() {
        running = false;
        if (wakeup != null) {
            wakeup.cancel(false);
            wakeup = null;
        }
    }

    /** Wall-clock time since the start. */
    long wallNanos() {
        return System.nanoTime() - origin;
    }

    /** A packet went on the wire, to arrive at {@code arrivalNanos}. */
    void sent(long arrivalNanos) {
        onWire.merge(arrivalNanos, 1, Integer::sum);
    }

    /** A packet came off the wire: {@code delivery} runs at its arrival time. */
    void received(long arrivalNanos, Runnable delivery) {
        onWire.computeIfPresent(arrivalNanos, (t, n) -> n == 1 ? null : n - 1);
        clock.at(Math.max(arrivalNanos, clock.now()), delivery);
        if (!pumpQueued) {
            pumpQueued = true;
            loop.execute(pumpTask);
        }
    }

    private void pump() {
        pumpQueued = false;
        if (!running) {
            return;
        }
        long horizon = wallNanos() + AHEAD_NANOS;
        while (running && !clock.idle() && clock.nextTime() <= horizon
                && (onWire.isEmpty() || clock.nextTime() <= onWire.firstKey())) {
            clock.step();
        }
        flush.run();
        afterPump.run();
        if (running && !clock.idle() && clock.nextTime() > horizon) {
            arm(clock.nextTime() - AHEAD_NANOS);
        }
    }

    /** Wakes up at wall-clock time {@code at} (since the start), unless already due earlier. */
    private void arm(long at) {
        if (wakeup != null) {
            if (wakeupAt <= at) {
                return;
            }
            wakeup.cancel(false);
        }
        wakeupAt = at;
        wakeup = loop.schedule(wake, Math.max(0, at - wallNanos()), TimeUnit.NANOSECONDS);
    }
}

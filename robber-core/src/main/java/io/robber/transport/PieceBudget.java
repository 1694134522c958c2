package io.robber.transport;

import io.netty.channel.EventLoop;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory budget for received pieces: the bytes of pieces read from the network and not yet
 * checked and written (queued on the storage pool), across one node's connections. Above the budget
 * the node stops reading from its peers (Netty's autoRead off, so TCP's window holds the senders
 * back); once the queue has drained to half the budget it reads again. A connection may still hand
 * over what it had read before reading stopped, so the bytes held stay below the budget plus one read
 * buffer and one piece per connection.
 */
final class PieceBudget {
    /** Stops and restarts reading on every connection of the node. */
    interface Reading {
        void pause();

        void resume();
    }

    private final long budget;
    private final EventLoop loop;
    private final AtomicLong held = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();
    private Reading reading;
    private volatile boolean paused;
    private final AtomicInteger pauses = new AtomicInteger();

    PieceBudget(long budget, EventLoop loop) {
        this.budget = budget;
        this.loop = loop;
    }

    void attach(Reading reading) {
        this.reading = reading;
    }

    /** On the event loop: a piece of {@code bytes} was queued for its check; reading stops above the budget. */
    void take(long bytes) {
        long now = held.addAndGet(bytes);
        peak.accumulateAndGet(now, Math::max);
        if (!paused && now > budget) {
            paused = true;
            pauses.incrementAndGet();
            reading.pause();
        }
    }

    /** On any thread: a piece of {@code bytes} was written or dropped; reading resumes at half the budget. */
    void release(long bytes) {
        if (held.addAndGet(-bytes) <= budget / 2 && paused) {
            try {
                loop.execute(this::maybeResume);
            } catch (RejectedExecutionException e) {
                if (!loop.isShuttingDown()) {
                    throw e;
                }
            }
        }
    }

    private void maybeResume() {
        if (paused && held.get() <= budget / 2) {
            paused = false;
            reading.resume();
        }
    }

    /** Whether new connections must start with reading stopped. */
    boolean paused() {
        return paused;
    }

    long held() {
        return held.get();
    }

    /** The most bytes of pieces held at once so far. */
    long peak() {
        return peak.get();
    }

    /** How often reading stopped. */
    int pauses() {
        return pauses.get();
    }
}

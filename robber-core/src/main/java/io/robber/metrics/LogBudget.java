package io.robber.metrics;

import java.time.Duration;

/**
 * How many lines of one kind a node may log: the first {@code perWindow} of each window one by one,
 * the rest only counted and summed up in one line when the window is over, so that a hostile peer
 * cannot flood the log with whatever it makes the node refuse.
 *
 * <p>Time is given by the caller ({@code now}, in nanoseconds of its clock), so the budget runs on
 * virtual time as well. Not thread-safe: each owner uses it on its own event loop.
 */
public final class LogBudget {
    /** Reports the lines a window did not log. */
    @FunctionalInterface
    public interface Summary {
        void unlogged(long count, Duration window);
    }

    private final int perWindow;
    private final long windowNanos;
    private boolean started;
    private long windowStart;
    private int logged;
    private long unlogged;

    public LogBudget(int perWindow, Duration window) {
        if (perWindow < 1 || window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("a log budget needs at least one line per positive window, not "
                    + perWindow + " per " + window);
        }
        this.perWindow = perWindow;
        this.windowNanos = window.toNanos();
    }

    /**
     * Whether one more line may be logged now; if not, it is counted for the window's summary. Closes
     * the window first if it is over.
     */
    public boolean take(long now, Summary summary) {
        roll(now, summary);
        if (logged < perWindow) {
            logged++;
            return true;
        }
        unlogged++;
        return false;
    }

    /** Whether the last line taken was the last one this window logs one by one. */
    public boolean exhausted() {
        return logged == perWindow;
    }

    /** Closes the window if it is over, handing {@code summary} what it did not log (if anything). */
    public void roll(long now, Summary summary) {
        if (started && now - windowStart < windowNanos) {
            return;
        }
        if (unlogged > 0) {
            summary.unlogged(unlogged, Duration.ofNanos(now - windowStart));
        }
        started = true;
        windowStart = now;
        logged = 0;
        unlogged = 0;
    }
}

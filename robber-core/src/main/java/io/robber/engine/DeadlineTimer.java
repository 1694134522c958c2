package io.robber.engine;

import java.util.function.LongConsumer;

/**
 * The one timer of a sans-IO engine, kept at the engine's next deadline: {@link #arm} after every
 * event moves it only when the deadline moved, and when it fires the engine is told the time. Real or
 * virtual, as its {@link Timers} are.
 */
public final class DeadlineTimer {
    private final Timers timers;
    private final LongConsumer onTimer;
    private Runnable cancel;
    private long armedAt = Long.MAX_VALUE;

    /** A timer that calls {@code onTimer} with the time ({@link Timers#nanoTime()}) when it fires. */
    public DeadlineTimer(Timers timers, LongConsumer onTimer) {
        this.timers = timers;
        this.onTimer = onTimer;
    }

    /** Fires at {@code deadline} ({@link Long#MAX_VALUE}: never) instead of the deadline it had. */
    public void arm(long deadline) {
        if (deadline == armedAt) {
            return;
        }
        cancel();
        armedAt = deadline;
        if (deadline != Long.MAX_VALUE) {
            cancel = timers.schedule(Math.max(0, deadline - timers.nanoTime()), () -> {
                cancel = null;
                armedAt = Long.MAX_VALUE;
                onTimer.accept(timers.nanoTime());
            });
        }
    }

    /** Does not fire. */
    public void cancel() {
        if (cancel != null) {
            cancel.run();
            cancel = null;
        }
        armedAt = Long.MAX_VALUE;
    }
}

package io.robber.datacast.fabric;

import io.robber.sim.VirtualClock;
import java.util.function.LongConsumer;

/**
 * The one timer of a sans-IO engine on the fabric, kept at the engine's next deadline: {@link #arm}
 * after every event moves it only when the deadline moved, and when it fires the engine is told the
 * time.
 */
public final class DeadlineTimer {
    private final VirtualClock clock;
    private final LongConsumer onTimer;
    private Runnable cancel;
    private long armedAt = Long.MAX_VALUE;

    /** A timer that calls {@code onTimer} with the clock's time when it fires. */
    public DeadlineTimer(VirtualClock clock, LongConsumer onTimer) {
        this.clock = clock;
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
            cancel = clock.at(Math.max(deadline, clock.now()), () -> {
                cancel = null;
                armedAt = Long.MAX_VALUE;
                onTimer.accept(clock.now());
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

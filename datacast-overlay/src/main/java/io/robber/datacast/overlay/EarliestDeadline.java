package io.robber.datacast.overlay;

import io.robber.engine.Timers;

/**
 * One timer at the earliest of an engine's deadlines: {@link #arm} moves it earlier when a deadline
 * comes before the one scheduled, and the task runs once when it is due (the engine then arms the
 * next). Nothing runs after {@link #cancel}.
 */
public final class EarliestDeadline {
    private final Timers timers;
    private final Runnable task;
    private Runnable cancel;
    private long scheduled = Long.MAX_VALUE;

    public EarliestDeadline(Timers timers, Runnable task) {
        this.timers = timers;
        this.task = task;
    }

    /** Makes sure the task runs by {@code deadline} (nanoTime); {@link Long#MAX_VALUE} for none. */
    public void arm(long deadline) {
        if (deadline == Long.MAX_VALUE || cancel != null && scheduled <= deadline) {
            return;
        }
        cancel();
        scheduled = deadline;
        cancel = timers.schedule(Math.max(1, deadline - timers.nanoTime()), this::fire);
    }

    public void cancel() {
        if (cancel != null) {
            cancel.run();
            cancel = null;
        }
        scheduled = Long.MAX_VALUE;
    }

    private void fire() {
        cancel = null;
        scheduled = Long.MAX_VALUE;
        task.run();
    }
}

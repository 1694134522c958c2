package io.robber.transport;

import io.netty.util.ReferenceCounted;
import io.netty.util.concurrent.EventExecutor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A task carried from the storage pool back to an event loop, holding buffers that the task passes
 * on (to a write, which releases them) when it runs and that are released here when it never will.
 * <p>
 * A loop that is stopping still accepts tasks for a while but may drop them unrun: Netty drains its
 * queue after the last round of tasks, so a task added during that round is neither run nor rejected.
 * So a task handed to a loop that is shutting down is also released when the loop terminates, unless
 * it ran first; whichever comes first takes the buffers.
 */
final class LoopHandOff implements Runnable {
    private final AtomicBoolean taken = new AtomicBoolean();
    private final Runnable task;
    private final ReferenceCounted[] buffers;

    private LoopHandOff(Runnable task, ReferenceCounted[] buffers) {
        this.task = task;
        this.buffers = buffers;
    }

    /** Runs {@code task} on {@code loop}, which then owns {@code buffers}; if it never runs, they are released. */
    static void execute(EventExecutor loop, Runnable task, ReferenceCounted... buffers) {
        LoopHandOff handOff = new LoopHandOff(task, buffers);
        try {
            loop.execute(handOff);
        } catch (RejectedExecutionException e) {
            handOff.drop();
            return;
        }
        if (loop.isShuttingDown()) {
            loop.terminationFuture().addListener(terminated -> handOff.drop());
        }
    }

    @Override
    public void run() {
        if (taken.compareAndSet(false, true)) {
            task.run();
        }
    }

    private void drop() {
        if (taken.compareAndSet(false, true)) {
            for (ReferenceCounted buffer : buffers) {
                buffer.release();
            }
        }
    }
}

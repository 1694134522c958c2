package io.robber.emulation.inprocess;

import io.netty.util.concurrent.EventExecutor;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The links a unit of data crosses in order, e.g. node out → cluster out → pair bandwidth. The unit
 * reserves each link only when it reaches it (store and forward, like a chain of router queues), so
 * a unit held up at a slow NIC does not book a shared cluster link ahead of time and block units of
 * other nodes that could use it now.
 */
final class BucketPath {
    private final List<RateBucket> buckets;

    BucketPath(List<RateBucket> buckets) {
        this.buckets = List.copyOf(buckets);
    }

    boolean isEmpty() {
        return buckets.isEmpty();
    }

    /**
     * Passes {@code bytes} through every link and then runs {@code then}: at once, on the caller's
     * thread, when every link has room, otherwise later on {@code loop}.
     */
    void pass(EventExecutor loop, long bytes, Runnable then) {
        pass(loop, bytes, 0, then);
    }

    private void pass(EventExecutor loop, long bytes, int from, Runnable then) {
        for (int i = from; i < buckets.size(); i++) {
            long now = System.nanoTime();
            long passed = buckets.get(i).reserve(bytes, now);
            if (passed > now) {
                int next = i + 1;
                loop.schedule(() -> pass(loop, bytes, next, then), passed - now, TimeUnit.NANOSECONDS);
                return;
            }
        }
        then.run();
    }

    /** The rate of the slowest link now, bytes per second (+∞ for an empty path). */
    double bottleneck() {
        double min = Double.POSITIVE_INFINITY;
        for (RateBucket b : buckets) {
            min = Math.min(min, b.rate());
        }
        return min;
    }
}

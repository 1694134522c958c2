package io.robber.exchange;

/**
 * How many requests to keep outstanding at one peer: at most R, and no more than that peer delivers
 * in about {@link ExchangeTuning#windowTargetNanos()} (1 s by default), so that the last pieces of an operation never wait long in the
 * queue of a slow connection. A receiver keeping R requests everywhere queues R pieces behind each
 * connection; when a wide-area link is shared by many connections each one is slow, and those queues
 * become the operation's tail (e.g. 5 × 64 KiB behind a 50 KB/s connection: 6.5 s).
 *
 * <p>The delivery rate is measured from piece arrivals while requests are outstanding (an EWMA);
 * until the first piece arrives the window is R, as in the paper.
 */
final class RequestWindow {
    private final long targetNanos;
    private final double weight;
    private double bytesPerNano = Double.NaN;
    private long busySince = -1;
    private long lastArrival = -1;

    RequestWindow(ExchangeTuning tuning) {
        this.targetNanos = tuning.windowTargetNanos();
        this.weight = tuning.windowWeight();
    }

    /** A request was sent; {@code wasIdle} when none was outstanding before it. */
    void requested(long now, boolean wasIdle) {
        if (wasIdle) {
            busySince = now;
            lastArrival = -1;
        }
    }

    /** A piece of {@code bytes} arrived; {@code nowIdle} when no request is outstanding any more. */
    void delivered(long now, int bytes, boolean nowIdle) {
        long from = Math.max(lastArrival, busySince);
        if (from >= 0 && now > from) {
            double sample = bytes / (double) (now - from);
            bytesPerNano = Double.isNaN(bytesPerNano) ? sample : (1 - weight) * bytesPerNano + weight * sample;
        }
        lastArrival = now;
        if (nowIdle) {
            busySince = -1;
            lastArrival = -1;
        }
    }

    /** The number of requests to keep outstanding, between 1 and {@code max}. */
    int size(int max, int pieceSize) {
        if (Double.isNaN(bytesPerNano)) {
            return max;
        }
        long pieces = (long) (bytesPerNano * targetNanos / pieceSize);
        return (int) Math.max(1, Math.min(max, pieces));
    }
}

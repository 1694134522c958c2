package io.robber.sim;

/**
 * One direction of a connection with a link of its own: a FIFO serialisation queue with a bandwidth
 * and a one-way latency. A frame starts transmitting when the link is free, occupies it for
 * size/bandwidth, and arrives one latency after its last byte left. Equal latencies keep the link FIFO.
 */
public final class Link implements Route {
    private final double bytesPerSecond;
    private final long latencyNanos;
    private long busyUntil;

    public Link(double bytesPerSecond, long latencyNanos) {
        if (!(bytesPerSecond > 0)) {
            throw new IllegalArgumentException("link bandwidth must be positive, got " + bytesPerSecond);
        }
        if (latencyNanos < 0) {
            throw new IllegalArgumentException("link latency must not be negative, got " + latencyNanos);
        }
        this.bytesPerSecond = bytesPerSecond;
        this.latencyNanos = latencyNanos;
    }

    @Override
    public long latencyNanos() {
        return latencyNanos;
    }

    @Override
    public void send(VirtualClock clock, long bytes, Runnable sent, Runnable arrived) {
        long arrival = transmit(clock.now(), bytes);
        if (sent != UNWATCHED) {
            clock.at(arrival - latencyNanos, sent);
        }
        clock.at(arrival, arrived);
    }

    /** Queues a frame of {@code bytes} at time {@code now}; returns its arrival time at the far end. */
    long transmit(long now, long bytes) {
        long start = Math.max(now, busyUntil);
        long duration = (long) Math.ceil(bytes * 1e9 / bytesPerSecond);
        busyUntil = start + duration;
        return busyUntil + latencyNanos;
    }
}

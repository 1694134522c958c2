package io.robber.emulation.inprocess;

/**
 * The capacity of one emulated link (a node's NIC, a cluster's access link, a cluster pair), shared
 * by every connection that crosses it, so that flows on one link divide its rate between them.
 *
 * <p>A token bucket kept as virtual time (the generic cell rate algorithm): {@code free} is the
 * moment the link has sent everything reserved so far. A reservation starts at {@code free}, or,
 * when the link has been idle, up to one burst earlier than now — that saved-up credit lets a
 * chunk cross an idle link at once and lets a flow catch up after the event loop woke it late, so
 * timer jitter costs no throughput. Unlike Netty's traffic shapers, which count bytes per check
 * interval and then sleep, there is no interval: every reservation is exact to the nanosecond and
 * the long-run rate is exact.
 *
 * <p>Thread-safe: connections of one link run on different event loops.
 */
public final class RateBucket {
    /** Credit a link may save up, as time at its rate; covers a late wake-up on a busy event loop. */
    static final long BURST_NANOS = 5_000_000;
    /** ... but at least one socket read or a few chunks, so a unit never waits at an idle link. */
    static final long MIN_BURST_BYTES = 64 * 1024;

    /** Nanoseconds per byte; 0 for an unlimited link. */
    private double nanosPerByte;
    private long burstNanos;
    /** Virtual time at which everything reserved so far has passed; far in the past while idle. */
    private long free = Long.MIN_VALUE / 2;

    /** A link of {@code bytesPerSecond} (+∞: unlimited). */
    public RateBucket(double bytesPerSecond) {
        configure(bytesPerSecond);
    }

    /**
     * Reserves the link for {@code bytes} arriving at {@code now} (a {@link System#nanoTime()}) and
     * returns when they have passed it: {@code now} if at once, otherwise a later time.
     */
    public synchronized long reserve(long bytes, long now) {
        if (nanosPerByte == 0) {
            return now;
        }
        long start = Math.max(free, now - burstNanos);
        free = start + (long) Math.ceil(bytes * nanosPerByte);
        return Math.max(free, now);
    }

    /**
     * Changes the rate at {@code now}. Bytes already reserved but not yet passed are sent at the new
     * rate from now on, and saved-up credit keeps its size in bytes, as in a real queue whose link
     * speed changes.
     */
    public synchronized void setRate(double bytesPerSecond, long now) {
        double oldNanosPerByte = nanosPerByte;
        long oldBurst = burstNanos;
        configure(bytesPerSecond);
        if (nanosPerByte == 0) {
            return;
        }
        if (oldNanosPerByte == 0) {
            free = now - burstNanos;
            return;
        }
        double backlogBytes = Math.max(free - now, -oldBurst) / oldNanosPerByte;
        free = now + Math.round(backlogBytes * nanosPerByte);
    }

    /** Bytes per second, +∞ when unlimited. */
    public synchronized double rate() {
        return nanosPerByte == 0 ? Double.POSITIVE_INFINITY : 1e9 / nanosPerByte;
    }

    private void configure(double bytesPerSecond) {
        if (!(bytesPerSecond > 0)) {
            throw new IllegalArgumentException("a link rate must be positive, got " + bytesPerSecond);
        }
        nanosPerByte = Double.isInfinite(bytesPerSecond) ? 0 : 1e9 / bytesPerSecond;
        burstNanos = Math.max(BURST_NANOS, (long) Math.ceil(MIN_BURST_BYTES * nanosPerByte));
    }
}

package io.robber.emulation.inprocess;

/**
 * The capacity of one emulated link (a node's NIC, a cluster's access link, a cluster pair), shared
 * by every connection that crosses it, so that flows on one link divide its rate between them.
 *
 * <p>A token bucket kept as virtual time (the generic cell rate algorithm): {@code free} is the
 * moment the link has sent everything reserved so far. A reservation starts at {@code free}, or,
 * when the link has been idle, up to one burst earlier than now. Unlike Netty's traffic shapers,
 * which count bytes per check interval and then sleep, there is no interval: every reservation is
 * exact to the nanosecond and the long-run rate is exact.
 *
 * <p>The burst is saved-up credit, and how much a link may save depends on what crosses it:
 * <ul>
 *   <li>{@link #sending} links (node out, cluster out, the pair's bandwidth) are crossed by the
 *       sender's chunks one by one, so they save up {@value #BURST_NANOS} ns at their rate: enough to
 *       absorb a late wake-up of a busy event loop, and no more. A chunk crossing an idle slow link
 *       takes its serialisation time, as on a real one. With 64 KiB of credit a 25 KB/s link passed
 *       four 16 KiB pieces at once after every pause; receivers measure their peers' rates and round
 *       trips from such pieces, and asked the slow link for far more than it carries (tc2-error-c3 in
 *       process at a tenth of the data and a quarter of the rates: 19 % of the bound, against 39 % in
 *       virtual time and 40–44 % with the smaller burst).</li>
 *   <li>{@link #receiving} links (cluster in, node in) are crossed by whole socket reads, which hand
 *       over at once bytes that came in over time; they save up at least one read
 *       ({@value #READ_BURST_BYTES} bytes), so those bytes are not serialised a second time.</li>
 * </ul>
 *
 * <p>Thread-safe: connections of one link run on different event loops.
 */
public final class RateBucket {
    /** Credit every link may save up, as time at its rate; covers a late wake-up on a busy event loop. */
    static final long BURST_NANOS = 5_000_000;
    /** The least credit of a receiving link: one socket read, so a read never waits at an idle link. */
    static final long READ_BURST_BYTES = 64 * 1024;

    /** The least credit this link may save up, in bytes. */
    private final long minBurstBytes;
    /** Nanoseconds per byte; 0 for an unlimited link. */
    private double nanosPerByte;
    private long burstNanos;
    /** Virtual time at which everything reserved so far has passed; far in the past while idle. */
    private long free = Long.MIN_VALUE / 2;

    private RateBucket(double bytesPerSecond, long minBurstBytes) {
        this.minBurstBytes = minBurstBytes;
        configure(bytesPerSecond);
    }

    /** A link of {@code bytesPerSecond} (+∞: unlimited) that the sender's chunks cross one by one. */
    public static RateBucket sending(double bytesPerSecond) {
        return new RateBucket(bytesPerSecond, 0);
    }

    /** A link of {@code bytesPerSecond} (+∞: unlimited) on the receiving side, crossed by whole socket reads. */
    public static RateBucket receiving(double bytesPerSecond) {
        return new RateBucket(bytesPerSecond, READ_BURST_BYTES);
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
        burstNanos = Math.max(BURST_NANOS, (long) Math.ceil(minBurstBytes * nanosPerByte));
    }
}

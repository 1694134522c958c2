package io.robber.sim;

/**
 * The capacity of one link shared by every route that crosses it (a node's NIC, a cluster's access
 * link, a cluster pair): frames reserve it in the order they reach it, each for its size at the
 * link's rate, so routes that cross it together divide its rate between them. Kept as virtual time:
 * {@code free} is the moment everything reserved so far has passed.
 */
public final class SharedLink {
    private double nanosPerByte;
    private long free;

    /** A link of {@code bytesPerSecond} (+∞: unlimited). */
    public SharedLink(double bytesPerSecond) {
        nanosPerByte = nanosPerByte(bytesPerSecond);
    }

    /** Reserves the link for {@code bytes} reaching it at {@code now}; returns when they have passed it. */
    long reserve(long bytes, long now) {
        long start = Math.max(free, now);
        free = start + (long) Math.ceil(bytes * nanosPerByte);
        return free;
    }

    /**
     * Changes the rate at {@code now}. Bytes reserved but not yet passed keep their place and are
     * sent at the new rate for what later reservations see; frames already booked pass at their
     * booked time, as on the in-process emulator's token buckets.
     */
    public void setRate(double bytesPerSecond, long now) {
        double backlogBytes = nanosPerByte == 0 ? 0 : Math.max(0, free - now) / nanosPerByte;
        nanosPerByte = nanosPerByte(bytesPerSecond);
        free = now + Math.round(backlogBytes * nanosPerByte);
    }

    /** Bytes per second, +∞ when unlimited. */
    public double rate() {
        return nanosPerByte == 0 ? Double.POSITIVE_INFINITY : 1e9 / nanosPerByte;
    }

    private static double nanosPerByte(double bytesPerSecond) {
        if (!(bytesPerSecond > 0)) {
            throw new IllegalArgumentException("a link rate must be positive, got " + bytesPerSecond);
        }
        return Double.isInfinite(bytesPerSecond) ? 0 : 1e9 / bytesPerSecond;
    }
}

package io.robber.datacast.overlay;

/**
 * A receiver's interest timeout, computed as TCP does (RFC 6298): a smoothed round trip and its
 * variation from interests answered without a retransmission (Karn), RTO = SRTT + 4·RTTVAR, at least
 * the floor; an interest's n-th retransmission waits 2<sup>n</sup> RTOs. Before the first sample it is
 * ten times the floor.
 */
final class InterestTimeout {
    private static final long MAX_NANOS = 60_000_000_000L;

    private final long floor;
    private long smoothed = -1;
    private long variation;
    private long timeout;

    InterestTimeout(long floorNanos) {
        this.floor = floorNanos;
        this.timeout = 10 * floorNanos;
    }

    void sample(long rttNanos) {
        if (smoothed < 0) {
            smoothed = rttNanos;
            variation = rttNanos / 2;
        } else {
            variation = (3 * variation + Math.abs(smoothed - rttNanos)) / 4;
            smoothed = (7 * smoothed + rttNanos) / 8;
        }
        timeout = Math.max(floor, smoothed + 4 * variation);
    }

    /** The timeout of an interest sent for the {@code attempt}-th time (0: the first). */
    long nanos(int attempt) {
        return Math.min(MAX_NANOS, timeout << Math.min(attempt, 20));
    }
}

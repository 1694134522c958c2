package io.robber.datacast.transport;

/**
 * A receiver's interest timeout, computed as TCP does (RFC 6298): a smoothed RTT and its variation
 * from samples of interests answered without a retransmission (Karn), RTO = SRTT + 4·RTTVAR, at
 * least the floor. An interest's n-th retransmission waits 2<sup>n</sup> RTOs (the back-off is per
 * interest: with w interests out, one loss must not stretch the others' timeouts). Before the first sample it is ten
 * times the floor: RFC 6298's one second is an age in a data center.
 */
public final class RetransmissionTimeout {
    private static final long MAX_NANOS = 60_000_000_000L;

    private final long floor;
    private long smoothed = -1;
    private long variation;
    private long timeout;

    public RetransmissionTimeout(long floorNanos) {
        this.floor = floorNanos;
        this.timeout = 10 * floorNanos;
    }

    public void sample(long rttNanos) {
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
    public long nanos(int attempt) {
        return Math.min(MAX_NANOS, timeout << Math.min(attempt, 20));
    }
}

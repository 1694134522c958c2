package io.robber.datacast.transport;

import io.robber.datacast.tcp.RtoEstimator;

/**
 * A receiver's interest timeout, computed as TCP does (RFC 6298, {@link RtoEstimator}): a smoothed RTT
 * and its variation from samples of interests answered without a retransmission (Karn), RTO =
 * SRTT + 4·RTTVAR, at least the floor, ten floors before the first sample. An interest's n-th
 * retransmission waits 2<sup>n</sup> RTOs: the back-off is per interest, not the estimator's, as with
 * w interests out one loss must not stretch the others' timeouts.
 */
public final class RetransmissionTimeout {
    private static final long MAX_NANOS = 60_000_000_000L;

    private final RtoEstimator estimator;

    public RetransmissionTimeout(long floorNanos) {
        this.estimator = new RtoEstimator(floorNanos, MAX_NANOS);
    }

    public void sample(long rttNanos) {
        estimator.sample(rttNanos);
    }

    /** The timeout of an interest sent for the {@code attempt}-th time (0: the first). */
    public long nanos(int attempt) {
        return Math.min(MAX_NANOS, estimator.rto() << Math.min(attempt, 20));
    }
}

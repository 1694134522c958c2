package io.robber.datacast.overlay;

/**
 * The source's rate on one tree under Datacast's congestion control (§5.2): halved on every duplicate
 * interest, raised by δ after each interval T without one, never below δ. Intervals are counted on a
 * grid from the start and applied when the rate is next read, so an idle source needs no timer.
 */
final class SourceRate {
    private final double increase;
    private final long interval;
    private double rate;
    private long intervalStart;
    private boolean duplicateInInterval;

    /** Rates in bytes per second. */
    SourceRate(double initial, double increase, long intervalNanos, long now) {
        this.rate = initial;
        this.increase = increase;
        this.interval = intervalNanos;
        this.intervalStart = now;
    }

    /** Bytes per second at {@code now}. */
    double at(long now) {
        advance(now);
        return rate;
    }

    void onDuplicateInterest(long now) {
        advance(now);
        duplicateInInterval = true;
        rate = Math.max(increase, rate / 2);
    }

    private void advance(long now) {
        long intervals = (now - intervalStart) / interval;
        if (intervals <= 0) {
            return;
        }
        rate += increase * (duplicateInInterval ? intervals - 1 : intervals);
        duplicateInInterval = false;
        intervalStart += intervals * interval;
    }
}

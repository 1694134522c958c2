package io.robber.datacast.transport;

/**
 * The source's sending rate under Datacast congestion control (§5.2): halved on every duplicate
 * interest (on retransmitted ones, at most once per T), raised by δ after each interval T without one. Never below one packet per T, so the
 * source keeps sending new data while it recovers, and never above a ceiling: what the source's own
 * links carry (a departure, see {@link Source#ceiling}).
 */
final class AimdRate {
    private final long increase;
    private final long floor;
    private final long ceiling;
    private final long interval;
    private long rate;
    private long lastLossHalving = Long.MIN_VALUE / 2;
    private boolean duplicateSeen;

    /** A rate without a ceiling. */
    AimdRate(TransportSettings settings) {
        this(settings, Long.MAX_VALUE);
    }

    AimdRate(TransportSettings settings, long ceilingBitsPerSecond) {
        this.increase = settings.rateIncreaseBitsPerSecond();
        this.floor = Math.max(1, settings.mtuBytes() * 8L * 1_000_000_000L / settings.increaseIntervalNanos());
        this.ceiling = Math.max(floor, ceilingBitsPerSecond);
        this.rate = Math.min(ceiling, settings.initialRateBitsPerSecond());
        this.interval = settings.increaseIntervalNanos();
    }

    void onDuplicateInterest() {
        duplicateSeen = true;
        rate = Math.max(floor, rate / 2);
    }

    /**
     * A duplicate interest that is a receiver's retransmission (a loss, which may be random): the
     * rate halves at most once per interval T for these, as TCP reduces its window once per loss
     * event; a departure from §5.2, whose rate halves on every duplicate interest. Duplicates that
     * are not retransmissions (a receiver fallen behind the caches: §5.2's congestion signal, what
     * Theorems 1 and 2 count) still halve it every time.
     */
    void onRetransmittedDuplicate(long nowNanos) {
        duplicateSeen = true;
        if (nowNanos - lastLossHalving >= interval) {
            lastLossHalving = nowNanos;
            rate = Math.max(floor, rate / 2);
        }
    }

    /** The end of an interval T. */
    void onInterval() {
        if (!duplicateSeen) {
            rate = Math.min(ceiling, rate + increase);
        }
        duplicateSeen = false;
    }

    long bitsPerSecond() {
        return rate;
    }
}

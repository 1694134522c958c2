package io.robber.datacast.transport;

/**
 * The source's sending rate under Datacast congestion control (§5.2): halved on every duplicate
 * interest, raised by δ after each interval T without one. Never below one packet per T, so the
 * source keeps sending new data while it recovers, and never above a ceiling: what the source's own
 * links carry (a departure, see {@link Source#ceiling}).
 */
final class AimdRate {
    private final long increase;
    private final long floor;
    private final long ceiling;
    private long rate;
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
    }

    void onDuplicateInterest() {
        duplicateSeen = true;
        rate = Math.max(floor, rate / 2);
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

package io.robber.datacast.transport;

/**
 * The source's sending rate under Datacast congestion control (§5.2): halved on every duplicate
 * interest, raised by δ after each interval T without one. Never below one packet per T, so the
 * source keeps sending new data while it recovers.
 */
final class AimdRate {
    private final long increase;
    private final long floor;
    private long rate;
    private boolean duplicateSeen;

    AimdRate(TransportSettings settings) {
        this.rate = settings.initialRateBitsPerSecond();
        this.increase = settings.rateIncreaseBitsPerSecond();
        this.floor = Math.max(1, settings.mtuBytes() * 8L * 1_000_000_000L / settings.increaseIntervalNanos());
    }

    void onDuplicateInterest() {
        duplicateSeen = true;
        rate = Math.max(floor, rate / 2);
    }

    /** The end of an interval T. */
    void onInterval() {
        if (!duplicateSeen) {
            rate += increase;
        }
        duplicateSeen = false;
    }

    long bitsPerSecond() {
        return rate;
    }
}

package io.robber.datacast.transport;

/**
 * The source's sending rate under Datacast congestion control (§5.2): halved on every duplicate
 * interest, raised by δ after each interval T without one. Never below δ, so the source keeps
 * sending new data while it recovers.
 */
final class AimdRate {
    private final long increase;
    private long rate;
    private boolean duplicateSeen;

    AimdRate(long initialBitsPerSecond, long increaseBitsPerSecond) {
        this.rate = initialBitsPerSecond;
        this.increase = increaseBitsPerSecond;
    }

    void onDuplicateInterest() {
        duplicateSeen = true;
        rate = Math.max(increase, rate / 2);
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

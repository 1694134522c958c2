package io.robber.datacast.transport;

/**
 * The source's token bucket of one tree (§5.2): tokens (bits) accrue at the current rate up to a
 * depth of one packet, and a new data packet goes out only when the bucket holds its size. A rate
 * change applies from that moment on: the tokens earned so far at the old rate are kept.
 */
final class TokenBucket {
    private final long depthBits;
    private long rateBitsPerSecond;
    private double tokens;
    private long updated;

    TokenBucket(long rateBitsPerSecond, long depthBits, long now) {
        this.rateBitsPerSecond = rateBitsPerSecond;
        this.depthBits = depthBits;
        this.tokens = depthBits;
        this.updated = now;
    }

    void setRate(long bitsPerSecond, long now) {
        accrue(now);
        rateBitsPerSecond = bitsPerSecond;
    }

    /** Takes {@code bits} of tokens if the bucket holds them. */
    boolean take(long bits, long now) {
        accrue(now);
        if (tokens + 1e-6 < bits) {
            return false;
        }
        tokens = Math.max(0, tokens - bits);
        return true;
    }

    /** How long until the bucket holds {@code bits}, at the current rate. */
    long nanosUntil(long bits, long now) {
        accrue(now);
        return Math.max(1, (long) Math.ceil((bits - tokens) * 1e9 / rateBitsPerSecond));
    }

    private void accrue(long now) {
        tokens = Math.min(depthBits, tokens + (double) rateBitsPerSecond * (now - updated) / 1e9);
        updated = now;
    }
}

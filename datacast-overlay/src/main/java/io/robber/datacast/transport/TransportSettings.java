package io.robber.datacast.transport;

/**
 * The knobs of the Datacast transport (§5), with the paper's micro-benchmark values as
 * {@link #PAPER} (§6.2).
 *
 * @param creditWindow w, the interests a receiver may have in the network
 * @param cacheBytes C, each branching node's per-tree content store, in bytes of data packets
 * @param rateIncreaseBitsPerSecond δ, the source's additive increase per interval T
 * @param increaseIntervalNanos T
 * @param initialRateBitsPerSecond the source's starting rate (its token bucket's)
 * @param mtuBytes the data packet's size, header included
 * @param headerBytes the header of interests and data; an interest is a header only
 * @param minRetransmissionTimeoutNanos the floor of the receivers' TCP-like RTO
 * @param cacheReplacement the content stores' replacement algorithm, FIFO in the paper (§5.3, §6.2.4)
 */
public record TransportSettings(int creditWindow, long cacheBytes, long rateIncreaseBitsPerSecond,
        long increaseIntervalNanos, long initialRateBitsPerSecond, int mtuBytes, int headerBytes,
        long minRetransmissionTimeoutNanos, CacheReplacement cacheReplacement) {
    /**
     * §6.2: w = 16, C = 128 KB (10<sup>3</sup> bytes), δ = 5 Mbit/s, T = 1 ms, 500 Mbit/s initially,
     * MTU 1.5 KB, 16-byte headers, FIFO stores; and an RTO of at least 10 ms, our choice (the paper gives none):
     * shorter ones fire spuriously while interests wait at the source's token bucket.
     */
    public static final TransportSettings PAPER =
            new TransportSettings(16, 128_000, 5_000_000L, 1_000_000L, 500_000_000L, 1500, 16, 10_000_000L,
                    CacheReplacement.FIFO);

    public TransportSettings {
        if (creditWindow < 1) {
            throw new IllegalArgumentException("the credit window w must be at least 1, got " + creditWindow);
        }
        if (cacheBytes < 0) {
            throw new IllegalArgumentException("the cache size C must not be negative, got " + cacheBytes);
        }
        if (headerBytes < 1 || mtuBytes <= headerBytes) {
            throw new IllegalArgumentException("the MTU (" + mtuBytes + ") must exceed the header (" + headerBytes + ")");
        }
        if (rateIncreaseBitsPerSecond <= 0 || increaseIntervalNanos <= 0 || initialRateBitsPerSecond <= 0) {
            throw new IllegalArgumentException("δ, T and the initial rate must be positive");
        }
        if (cacheReplacement == null) {
            throw new IllegalArgumentException("a cache replacement algorithm is required");
        }
    }

    public TransportSettings withCacheBytes(long bytes) {
        return new TransportSettings(creditWindow, bytes, rateIncreaseBitsPerSecond, increaseIntervalNanos,
                initialRateBitsPerSecond, mtuBytes, headerBytes, minRetransmissionTimeoutNanos, cacheReplacement);
    }

    public TransportSettings withRateIncrease(long bitsPerSecond) {
        return new TransportSettings(creditWindow, cacheBytes, bitsPerSecond, increaseIntervalNanos,
                initialRateBitsPerSecond, mtuBytes, headerBytes, minRetransmissionTimeoutNanos, cacheReplacement);
    }

    public TransportSettings withCacheReplacement(CacheReplacement replacement) {
        return new TransportSettings(creditWindow, cacheBytes, rateIncreaseBitsPerSecond, increaseIntervalNanos,
                initialRateBitsPerSecond, mtuBytes, headerBytes, minRetransmissionTimeoutNanos, replacement);
    }

    /** The same with the source starting at {@code bitsPerSecond}. */
    public TransportSettings withInitialRate(long bitsPerSecond) {
        return new TransportSettings(creditWindow, cacheBytes, rateIncreaseBitsPerSecond, increaseIntervalNanos,
                bitsPerSecond, mtuBytes, headerBytes, minRetransmissionTimeoutNanos, cacheReplacement);
    }

    /**
     * These settings for links {@code factor} times as fast (below 1: slower): the rates multiplied by
     * it, T and the RTO floor divided by it. The same dynamics in time divided by {@code factor}, and
     * Theorem 1's cache bound R²T/2δ unchanged; for running the paper's 1 Gbit/s settings where the
     * machine moves less (the loopback fabric).
     */
    public TransportSettings timeScaled(double factor) {
        if (!(factor > 0)) {
            throw new IllegalArgumentException("a time scale factor must be positive, got " + factor);
        }
        return new TransportSettings(creditWindow, cacheBytes, Math.round(rateIncreaseBitsPerSecond * factor),
                Math.round(increaseIntervalNanos / factor), Math.round(initialRateBitsPerSecond * factor), mtuBytes,
                headerBytes, Math.round(minRetransmissionTimeoutNanos / factor), cacheReplacement);
    }

    /** The data a data packet carries, bytes. */
    public int payloadBytes() {
        return mtuBytes - headerBytes;
    }
}

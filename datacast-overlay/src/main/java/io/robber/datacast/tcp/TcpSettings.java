package io.robber.datacast.tcp;

/**
 * A TCP-like sender's knobs: segment and ACK sizes, the initial congestion window and the largest
 * one (the receivers' advertised window), the bounds of the retransmission timeout, the duplicate
 * ACKs that signal a loss, how long a receiver may stay silent (no ACK while it still misses data)
 * before it is evicted, and whether the receivers send selective ACKs (SACK permitted, RFC 2018).
 */
public record TcpSettings(int segmentBytes, int ackBytes, int initialWindow, int maxWindow, long minRtoNanos,
        long maxRtoNanos, int duplicateAcks, long evictAfterNanos, boolean selectiveAcks) {
    /**
     * 1500-byte segments, 64-byte ACKs, a window of 10 and no limit on its growth, RTO from 2 ms
     * (Linux's 200 ms scaled to a data center) to 1 s, 3 duplicate ACKs, eviction after 500 ms,
     * cumulative ACKs only.
     */
    public static final TcpSettings DEFAULT = new TcpSettings(1500, 64, 10, Integer.MAX_VALUE, 2_000_000L,
            1_000_000_000L, 3, 500_000_000L);

    public TcpSettings {
        if (initialWindow < 1 || maxWindow < initialWindow) {
            throw new IllegalArgumentException("windows: initial " + initialWindow + ", largest " + maxWindow
                    + "; need 1 <= initial <= largest");
        }
    }

    /** Receivers that send cumulative ACKs only. */
    public TcpSettings(int segmentBytes, int ackBytes, int initialWindow, int maxWindow, long minRtoNanos,
            long maxRtoNanos, int duplicateAcks, long evictAfterNanos) {
        this(segmentBytes, ackBytes, initialWindow, maxWindow, minRtoNanos, maxRtoNanos, duplicateAcks,
                evictAfterNanos, false);
    }

    public TcpSettings withEvictAfter(long nanos) {
        return new TcpSettings(segmentBytes, ackBytes, initialWindow, maxWindow, minRtoNanos, maxRtoNanos,
                duplicateAcks, nanos, selectiveAcks);
    }

    /** The same with receivers that send selective ACK blocks (or not). */
    public TcpSettings withSelectiveAcks(boolean on) {
        return new TcpSettings(segmentBytes, ackBytes, initialWindow, maxWindow, minRtoNanos, maxRtoNanos,
                duplicateAcks, evictAfterNanos, on);
    }
}

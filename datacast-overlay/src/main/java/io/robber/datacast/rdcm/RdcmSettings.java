package io.robber.datacast.rdcm;

/**
 * A session's knobs: the sender's rate (constant, or its top speed under congestion control), the
 * ACK timeout after which a predecessor repairs (and the sender multicasts again), the repair
 * attempts per packet and successor, the packets in a row a successor gets only by repair before a
 * link failure report, the packet sizes, and whether §3.5's congestion control (a BIC window per
 * receiver, the sender sending up to the slowest h = m + w) runs.
 */
public record RdcmSettings(long rateBitsPerSecond, long timeoutNanos, int maxAttempts, int reportAfter, int dataBytes,
        int ackBytes, boolean congestionControl) {
    /**
     * 500 Mbit/s (Fig. 15's sender), 1 ms timeout, 16 attempts, a report after 100 packets, 1500-byte
     * data, 64-byte ACKs, no congestion control (as the paper's Figs. 10–11 and 15 run).
     */
    public static final RdcmSettings DEFAULT = new RdcmSettings(500_000_000L, 1_000_000L, 16, 100, 1500, 64, false);

    /** These settings with the sender at {@code bitsPerSecond}. */
    public RdcmSettings withRate(long bitsPerSecond) {
        return new RdcmSettings(bitsPerSecond, timeoutNanos, maxAttempts, reportAfter, dataBytes, ackBytes,
                congestionControl);
    }

    /** These settings with §3.5's congestion control on or off. */
    public RdcmSettings withCongestionControl(boolean on) {
        return new RdcmSettings(rateBitsPerSecond, timeoutNanos, maxAttempts, reportAfter, dataBytes, ackBytes, on);
    }

    /** The time between two packets at the sender's rate. */
    public long intervalNanos() {
        return dataBytes * 8L * 1_000_000_000L / rateBitsPerSecond;
    }
}

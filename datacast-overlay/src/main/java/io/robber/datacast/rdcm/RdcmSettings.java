package io.robber.datacast.rdcm;

/**
 * A session's knobs: the sender's constant rate (no congestion control yet: §3.5 is not built), the
 * ACK timeout after which a predecessor repairs (and the sender multicasts again), the repair
 * attempts per packet and successor, the packets in a row a successor gets only by repair before a
 * link failure report, and the packet sizes.
 */
public record RdcmSettings(long rateBitsPerSecond, long timeoutNanos, int maxAttempts, int reportAfter, int dataBytes,
        int ackBytes) {
    /** 500 Mbit/s (Fig. 15's sender), 1 ms timeout, 16 attempts, a report after 100 packets, 1500-byte data, 64-byte ACKs. */
    public static final RdcmSettings DEFAULT = new RdcmSettings(500_000_000L, 1_000_000L, 16, 100, 1500, 64);

    /** The time between two packets at the sender's rate. */
    public long intervalNanos() {
        return dataBytes * 8L * 1_000_000_000L / rateBitsPerSecond;
    }
}

package io.robber.datacast.topology;

/**
 * What a full-duplex link offers in each direction: its capacity, its propagation delay and the
 * length of the drop-tail queue in front of it.
 *
 * @param capacityBitsPerSecond the rate, bit/s
 * @param delayNanos the propagation delay, ns
 * @param queuePackets the queue length, packets
 */
public record LinkProfile(long capacityBitsPerSecond, long delayNanos, int queuePackets) {
    /** The Datacast paper's links (§6.2): 1 Gbit/s, 5 µs, a 100-packet queue. */
    public static final LinkProfile DEFAULT = new LinkProfile(1_000_000_000L, 5_000L, 100);

    public LinkProfile {
        if (capacityBitsPerSecond <= 0) {
            throw new IllegalArgumentException("link capacity must be positive, got " + capacityBitsPerSecond + " bit/s");
        }
        if (delayNanos < 0) {
            throw new IllegalArgumentException("link delay must not be negative, got " + delayNanos + " ns");
        }
        if (queuePackets <= 0) {
            throw new IllegalArgumentException("link queue must hold at least one packet, got " + queuePackets);
        }
    }
}

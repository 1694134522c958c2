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

    /**
     * This link run {@code factor} times as fast: the capacity times {@code factor}, the delay divided
     * by it, so that every transmission and propagation time is divided by {@code factor}.
     */
    public LinkProfile timeScaled(double factor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("a link's time scale must be positive, got " + factor);
        }
        return new LinkProfile(Math.max(1, Math.round(capacityBitsPerSecond * factor)), Math.round(delayNanos / factor),
                queuePackets);
    }
}

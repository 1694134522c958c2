package io.robber.sim;

import io.robber.api.Group;

/**
 * Bandwidth and one-way latency of every directed node pair (from → to). The usual shape is a fast
 * LAN inside a cluster and a slower, longer WAN between clusters; {@link #scaledBy} then lets a test
 * change single pairs, e.g. make one node's incoming global links ten times slower.
 */
public final class LinkModel implements Topology {
    /** A factor for each directed pair. */
    @FunctionalInterface
    public interface PairFactor {
        double factor(int from, int to);
    }

    private final Group group;
    private final double localBytesPerSecond;
    private final long localLatencyNanos;
    private final double globalBytesPerSecond;
    private final long globalLatencyNanos;
    private final PairFactor bandwidthFactor;

    private LinkModel(Group group, double localBytesPerSecond, long localLatencyNanos,
                      double globalBytesPerSecond, long globalLatencyNanos, PairFactor bandwidthFactor) {
        this.group = group;
        this.localBytesPerSecond = localBytesPerSecond;
        this.localLatencyNanos = localLatencyNanos;
        this.globalBytesPerSecond = globalBytesPerSecond;
        this.globalLatencyNanos = globalLatencyNanos;
        this.bandwidthFactor = bandwidthFactor;
    }

    /** LAN links inside each cluster and WAN links between clusters. */
    public static LinkModel clustered(Group group, double localBytesPerSecond, long localLatencyNanos,
                                      double globalBytesPerSecond, long globalLatencyNanos) {
        return new LinkModel(group, localBytesPerSecond, localLatencyNanos, globalBytesPerSecond,
                globalLatencyNanos, (a, b) -> 1.0);
    }

    /** 1 Gbit/s and 0.1 ms inside a cluster, 100 Mbit/s and 10 ms between clusters. */
    public static LinkModel lanWan(Group group) {
        return clustered(group, 125e6, 100_000, 12.5e6, 10_000_000);
    }

    /** The same model with the bandwidth of each directed pair multiplied by {@code factor}. */
    public LinkModel scaledBy(PairFactor factor) {
        PairFactor previous = bandwidthFactor;
        return new LinkModel(group, localBytesPerSecond, localLatencyNanos, globalBytesPerSecond,
                globalLatencyNanos, (a, b) -> previous.factor(a, b) * factor.factor(a, b));
    }

    /** Incoming links of {@code member} from other clusters become {@code factor} times as fast. */
    public LinkModel slowGlobalIngress(int member, double factor) {
        return scaledBy((from, to) -> to == member && !group.sameCluster(from, to) ? factor : 1.0);
    }

    public double bytesPerSecond(int from, int to) {
        double base = group.sameCluster(from, to) ? localBytesPerSecond : globalBytesPerSecond;
        return base * bandwidthFactor.factor(from, to);
    }

    public long latencyNanos(int from, int to) {
        return group.sameCluster(from, to) ? localLatencyNanos : globalLatencyNanos;
    }

    @Override
    public Link route(int from, int to) {
        return new Link(bytesPerSecond(from, to), latencyNanos(from, to));
    }
}

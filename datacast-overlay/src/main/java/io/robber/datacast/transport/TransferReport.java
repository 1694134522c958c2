package io.robber.datacast.transport;

import java.util.List;

/**
 * What a {@link TreeTransfer} did: the source's new and duplicate data (their ratio is §5.4's
 * duplicate-data ratio), the interests answered from caches, and per receiver what it got and when.
 */
public record TransferReport(int packets, long newData, long duplicateData, long sourceCacheHits,
        long branchingCacheHits, List<ReceiverReport> receivers) {
    public TransferReport {
        receivers = List.copyOf(receivers);
    }

    /** Duplicate data sent by the source ÷ new data sent. */
    public double duplicateDataRatio() {
        return newData == 0 ? 0 : (double) duplicateData / newData;
    }

    public boolean complete() {
        return receivers.stream().allMatch(r -> r.receivedPackets() == packets);
    }

    /** The slowest receiver's throughput, payload bit/s. */
    public double minThroughputBitsPerSecond() {
        return receivers.stream().mapToDouble(ReceiverReport::throughputBitsPerSecond).min().orElse(0);
    }

    /**
     * One receiver's share.
     *
     * @param finishNanos when its last packet arrived, or −1
     * @param throughputBitsPerSecond payload bits over the time from start to finish, 0 if unfinished
     * @param retransmissions interests it had to send again
     * @param duplicates data packets it received twice
     */
    public record ReceiverReport(String name, int receivedPackets, long finishNanos, double throughputBitsPerSecond,
            long retransmissions, long duplicates) {
    }
}

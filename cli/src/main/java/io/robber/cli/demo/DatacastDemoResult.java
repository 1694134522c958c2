package io.robber.cli.demo;

import java.util.List;

/**
 * What {@code robber demo --protocol datacast} measured: one object for {@code --json}.
 *
 * @param backend          "loopback" (real time, real bytes) or "virtual" (virtual time, no bytes)
 * @param treeLinks        the links of each tree
 * @param finishSeconds    when the last receiver had every packet (the fabric's clock)
 * @param throughputMbps   the data's bits over the finish time
 * @param idealSeconds     the data over the trees' capacity, bytes·8 / Σ over the trees of the
 *                         rate of the tree's slowest link (trees × link rate when the links are alike)
 * @param linkStress       data bytes on the tree links ÷ (each tree's data × its links): 1 when every
 *                         data packet crosses every link of its tree once
 * @param duplicateDataRatio the source's duplicate data ÷ new data (§5.4)
 * @param cacheHits        interests answered from a cache, at the source or a branching node
 * @param complete         every receiver has every packet
 * @param verified         every receiver's copy is byte-identical to the source's (SHA-256 per
 *                         block); null in virtual time, where packets carry no bytes
 * @param wallSeconds      the run's wall-clock time (loopback only)
 * @param wireBytes        bytes written on the links' sockets (loopback only)
 * @param wireFrames       packets written on them, one per link crossed (loopback only)
 * @param wireWrites       socket writes, each of the frames one connection had ready (loopback only)
 */
public record DatacastDemoResult(String protocol, String backend, String topology, String source, int receivers,
        int failedLinks, int trees, List<Integer> treeLinks, double linkRateMbps, long bytes, int packets,
        int blockPackets, long seed, double finishSeconds, double throughputMbps, double idealSeconds,
        double finishOverIdeal, double linkStress, double duplicateDataRatio, long cacheHits, long retransmissions,
        long drops, boolean complete, Boolean verified, Double wallSeconds, Long wireBytes, Long wireFrames,
        Long wireWrites) {

    /** Whether the run succeeded: verified on loopback, complete in virtual time. */
    public boolean succeeded() {
        return complete && (verified == null || verified);
    }
}

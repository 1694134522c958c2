package io.robber.emulation.runner;

import io.robber.api.Group;
import java.util.Map;

/**
 * One run of one protocol in one scenario on one backend.
 *
 * @param scenario                scenario name
 * @param backend                 the backend it ran on ({@code inprocess} or {@code virtual}); null until the
 *                                bench runner names it
 * @param protocol                protocol name
 * @param repeat                  1-based repetition
 * @param bytes                   data size multicast
 * @param seconds                 from the root's start to the moment the last node held everything
 * @param throughputMBps          bytes / seconds / 10^6, as the paper reports it
 * @param boundMBps               the theoretical maximum (time-integrated for schedules), 10^6 bytes/s
 * @param percentOfBound          throughput as a percentage of the bound
 * @param strictBoundMBps         the cut bound over time (relays may store data; {@code CutScheduleBound}): a
 *                                strict upper bound no protocol can beat, 10^6 bytes/s; NaN until the bench
 *                                runner sets it
 * @param percentOfStrictBound    throughput as a percentage of the strict bound; NaN until set
 * @param overheadPercent         the §4.4 communication overhead
 * @param cpuSecondsPerNode       CPU seconds of Robber's threads divided by the number of nodes; NaN in virtual
 *                                time, where it has no meaning (shown as n/a)
 * @param cpuSecondsPerGiB        CPU seconds of Robber's threads per GiB of piece payload received (summed over
 *                                nodes): what receiving one GiB costs one node; NaN in virtual time
 * @param messagesPerPiecePerNode control messages (everything but pieces) sent by all nodes, divided by the
 *                                number of pieces and the number of nodes
 * @param verified                every node received every piece and each matched its SHA-256 digest (in virtual
 *                                time, which carries no data: every node holds every piece)
 * @param wanBytesIn              payload bytes each cluster received from other clusters
 * @param error                   why the run failed, or null
 */
public record RunResult(String scenario, String backend, String protocol, int repeat, long bytes, double seconds,
                        double throughputMBps, double boundMBps, double percentOfBound, double strictBoundMBps,
                        double percentOfStrictBound, double overheadPercent, double cpuSecondsPerNode, double cpuSecondsPerGiB, double messagesPerPiecePerNode,
                        boolean verified, Map<String, Long> wanBytesIn, String error) {
    private static final double GIB = 1L << 30;

    /**
     * The communication overhead of the Robber paper's §4.4 in percent: ((B / (2(N − 1))) − D) / D · 100,
     * with B the bytes sent plus received by all N nodes (payload, headers and control) and D the data size.
     */
    public static double overheadPercent(long sentAndReceived, int nodes, long dataSize) {
        if (nodes < 2 || dataSize == 0) {
            return 0;
        }
        return (sentAndReceived / (2.0 * (nodes - 1)) - dataSize) / dataSize * 100;
    }

    /**
     * The result of a run over the whole group of a data set of {@code bytes} in {@code pieces} pieces:
     * time, verification, WAN bytes, overhead, CPU and message counts from {@code outcome}.
     */
    public static RunResult of(String scenario, String protocol, int repeat, GroupOutcome outcome, long bytes,
                               int pieces, double boundBytesPerSecond, Group group) {
        int nodes = group.size();
        long received = outcome.payloadBytesIn();
        double cpuPerGiB = received > 0 ? outcome.cpuSecondsPerNode() * nodes / (received / GIB) : Double.NaN;
        double messagesPerPiece = pieces > 0 ? (double) outcome.messagesSent() / pieces / nodes : Double.NaN;
        double mbps = outcome.seconds() > 0 ? bytes / outcome.seconds() / 1e6 : 0;
        double boundMBps = boundBytesPerSecond / 1e6;
        return new RunResult(scenario, null, protocol, repeat, bytes, outcome.seconds(), mbps, boundMBps,
                percent(mbps, boundMBps), Double.NaN, Double.NaN, overheadPercent(outcome.wireBytes(), nodes, bytes), outcome.cpuSecondsPerNode(), cpuPerGiB,
                messagesPerPiece, outcome.verified(), outcome.wanBytesIn(group), outcome.firstError());
    }

    /** This result, named as a run on {@code name}. */
    public RunResult on(String name) {
        return new RunResult(scenario, name, protocol, repeat, bytes, seconds, throughputMBps, boundMBps,
                percentOfBound, strictBoundMBps, percentOfStrictBound, overheadPercent, cpuSecondsPerNode,
                cpuSecondsPerGiB, messagesPerPiecePerNode, verified, wanBytesIn, error);
    }

    /** This result compared also with the strict bound of {@code bytesPerSecond}. */
    public RunResult withStrictBound(double bytesPerSecond) {
        double strictMBps = bytesPerSecond / 1e6;
        return new RunResult(scenario, backend, protocol, repeat, bytes, seconds, throughputMBps, boundMBps,
                percentOfBound, strictMBps, percent(throughputMBps, strictMBps), overheadPercent, cpuSecondsPerNode,
                cpuSecondsPerGiB, messagesPerPiecePerNode, verified, wanBytesIn, error);
    }

    private static double percent(double mbps, double boundMBps) {
        return boundMBps > 0 && Double.isFinite(boundMBps) ? 100 * mbps / boundMBps : 0;
    }
}

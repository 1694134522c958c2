package io.robber.emulation.runner;

import io.robber.api.Group;
import java.util.Map;

/**
 * One run of one protocol in one scenario.
 *
 * @param scenario          scenario name
 * @param protocol          protocol name
 * @param repeat            1-based repetition
 * @param bytes             data size multicast
 * @param seconds           from the root's start to the moment the last node held everything
 * @param throughputMBps    bytes / seconds / 10^6, as the paper reports it
 * @param boundMBps         the theoretical maximum (time-integrated for schedules), 10^6 bytes/s
 * @param percentOfBound    throughput as a percentage of the bound
 * @param overheadPercent   the §4.4 communication overhead
 * @param cpuSecondsPerNode CPU seconds of Robber's threads divided by the number of nodes; NaN in virtual
 *                          time, where it has no meaning (shown as n/a)
 * @param verified          every node received every piece and each matched its SHA-256 digest (in virtual
 *                          time, which carries no data: every node holds every piece)
 * @param wanBytesIn        payload bytes each cluster received from other clusters
 * @param error             why the run failed, or null
 */
public record RunResult(String scenario, String protocol, int repeat, long bytes, double seconds,
                        double throughputMBps, double boundMBps, double percentOfBound, double overheadPercent,
                        double cpuSecondsPerNode, boolean verified, Map<String, Long> wanBytesIn, String error) {

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

    /** The result of a run over the whole group: time, verification, WAN bytes, overhead and CPU from {@code outcome}. */
    public static RunResult of(String scenario, String protocol, int repeat, GroupOutcome outcome, long bytes,
                               double boundBytesPerSecond, Group group) {
        return of(scenario, protocol, repeat, bytes, outcome.seconds(), boundBytesPerSecond,
                overheadPercent(outcome.wireBytes(), group.size(), bytes), outcome.cpuSecondsPerNode(),
                outcome.verified(), outcome.wanBytesIn(group), outcome.firstError());
    }

    /** A result with throughput and percentage of the bound computed from size, time and the bound (bytes/s). */
    public static RunResult of(String scenario, String protocol, int repeat, long bytes, double seconds,
                               double boundBytesPerSecond, double overheadPercent, double cpuSecondsPerNode,
                               boolean verified, Map<String, Long> wanBytesIn, String error) {
        double mbps = seconds > 0 ? bytes / seconds / 1e6 : 0;
        double boundMBps = boundBytesPerSecond / 1e6;
        return new RunResult(scenario, protocol, repeat, bytes, seconds, mbps, boundMBps,
                boundMBps > 0 && Double.isFinite(boundMBps) ? 100 * mbps / boundMBps : 0, overheadPercent,
                cpuSecondsPerNode, verified, wanBytesIn, error);
    }
}

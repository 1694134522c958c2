package io.robber.emulation.runner;

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
 * @param cpuSecondsPerNode CPU seconds of Robber's threads divided by the number of nodes
 * @param verified          every node received every piece and each matched its SHA-256 digest
 * @param wanBytesIn        payload bytes each cluster received from other clusters
 * @param error             why the run failed, or null
 */
public record RunResult(String scenario, String protocol, int repeat, long bytes, double seconds,
                        double throughputMBps, double boundMBps, double percentOfBound, double overheadPercent,
                        double cpuSecondsPerNode, boolean verified, Map<String, Long> wanBytesIn, String error) {
}

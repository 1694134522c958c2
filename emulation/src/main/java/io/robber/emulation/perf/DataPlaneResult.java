package io.robber.emulation.perf;

import java.util.Arrays;

/**
 * The throughput of one data-plane benchmark: the median over its measured iterations.
 *
 * @param name               what was measured, e.g. {@code digest 1MiB}
 * @param operation          what one operation is, e.g. {@code piece}, {@code message}, {@code piece delivered}
 * @param bytesPerOperation  bytes one operation processes; 0 where bytes are not the point (shown as n/a)
 * @param operationsPerSecond median operations per second
 * @param nanosPerOperation  10^9 / operationsPerSecond
 * @param megabytesPerSecond operationsPerSecond × bytesPerOperation / 10^6; NaN without bytes
 * @param iterations         measured iterations
 */
public record DataPlaneResult(String name, String operation, long bytesPerOperation, double operationsPerSecond,
                              double nanosPerOperation, double megabytesPerSecond, int iterations) {

    /** A result from the operations per second of each measured iteration. */
    static DataPlaneResult of(String name, String operation, long bytesPerOperation, double[] perSecond) {
        double[] sorted = perSecond.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new DataPlaneResult(name, operation, bytesPerOperation, median, 1e9 / median,
                bytesPerOperation > 0 ? median * bytesPerOperation / 1e6 : Double.NaN, n);
    }
}

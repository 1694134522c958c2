package io.robber.cli.trees;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * A computation run {@code repeat} times: its last result and the median wall-clock and thread-CPU
 * time of one run, ms. A measurement, not a benchmark harness: the JIT warms up over the runs.
 */
record Timed<T>(T result, double millis, double cpuMillis) {
    static <T> Timed<T> run(int repeat, Supplier<T> computation) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] nanos = new long[repeat];
        long[] cpuNanos = new long[repeat];
        T result = null;
        for (int i = 0; i < repeat; i++) {
            long cpu = threads.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            result = computation.get();
            nanos[i] = System.nanoTime() - start;
            cpuNanos[i] = threads.getCurrentThreadCpuTime() - cpu;
        }
        Arrays.sort(nanos);
        Arrays.sort(cpuNanos);
        return new Timed<>(result, nanos[repeat / 2] / 1e6, cpuNanos[repeat / 2] / 1e6);
    }
}

package io.robber.emulation.runner;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time of Robber's threads (event loops and storage pool, named {@code robber-*}) from JMX's
 * {@link ThreadMXBean}: a snapshot now, the CPU seconds spent since then later.
 */
final class ThreadCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final Map<Long, Long> start;

    private ThreadCpu(Map<Long, Long> start) {
        this.start = start;
    }

    static ThreadCpu snapshot() {
        return new ThreadCpu(robberThreads());
    }

    /** CPU seconds used by Robber threads since the snapshot (threads started since count fully). */
    double secondsSince() {
        long nanos = 0;
        for (Map.Entry<Long, Long> e : robberThreads().entrySet()) {
            nanos += e.getValue() - start.getOrDefault(e.getKey(), 0L);
        }
        return nanos / 1e9;
    }

    private static Map<Long, Long> robberThreads() {
        Map<Long, Long> cpu = new HashMap<>();
        if (!THREADS.isThreadCpuTimeSupported()) {
            return cpu;
        }
        for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith("robber-")) {
                long t = THREADS.getThreadCpuTime(info.getThreadId());
                if (t >= 0) {
                    cpu.put(info.getThreadId(), t);
                }
            }
        }
        return cpu;
    }
}

package io.robber.emulation.runner;

/**
 * The threads of the one runtime that all nodes of an in-process run share: event loops and the
 * storage pool (digests and storage I/O). Each kind keeps a core busy when the run is CPU-bound, so
 * the cores are split between them: on a 2-core machine one event loop and one storage thread. More
 * threads than cores only add hand-offs — every piece crosses from a loop to the pool and back — and
 * the wake-ups and context switches that come with them (docs/perf.md, "In-process emulator CPU").
 *
 * @param io      event loops
 * @param storage storage threads
 */
public record RuntimeThreads(int io, int storage) {
    public RuntimeThreads {
        if (io < 1 || storage < 1) {
            throw new IllegalArgumentException("a runtime needs at least one I/O and one storage thread");
        }
    }

    /** Half the cores for event loops, the rest for storage, at least one each. */
    public static RuntimeThreads forCores(int cores) {
        int io = Math.max(1, cores / 2);
        return new RuntimeThreads(io, Math.max(1, cores - io));
    }

    /** {@link #forCores} of this JVM's available processors. */
    public static RuntimeThreads ofThisMachine() {
        return forCores(Runtime.getRuntime().availableProcessors());
    }
}

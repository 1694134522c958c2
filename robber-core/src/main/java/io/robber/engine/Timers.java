package io.robber.engine;

/** Injected time: a clock and one-shot timers, real or virtual. */
public interface Timers {

    long nanoTime();

    /** Runs {@code task} on the engine's thread after {@code delayNanos}; the result cancels it. */
    Runnable schedule(long delayNanos, Runnable task);
}

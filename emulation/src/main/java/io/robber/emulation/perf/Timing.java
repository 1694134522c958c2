package io.robber.emulation.perf;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * How long a data-plane benchmark runs: {@code warmups} iterations whose results are dropped (the JIT
 * compiles the hot paths), then {@code iterations} measured ones, each repeating its batch until
 * {@code iteration} has passed (and at least once).
 */
public record Timing(Duration iteration, int warmups, int iterations) {
    public Timing {
        if (iteration.isNegative() || iteration.isZero()) {
            throw new IllegalArgumentException("iteration time must be positive, got " + iteration);
        }
        if (warmups < 0 || iterations < 1) {
            throw new IllegalArgumentException("need at least one measured iteration and no negative warm-ups, got "
                    + warmups + " and " + iterations);
        }
    }

    /** 500 ms iterations: 2 to warm up, 5 measured. */
    public static Timing defaults() {
        return of(Duration.ofMillis(500));
    }

    /** Iterations of {@code iteration}: 2 to warm up, 5 measured. */
    public static Timing of(Duration iteration) {
        return new Timing(iteration, 2, 5);
    }

    /** Operations per second of each measured iteration; {@code batch} does some work and returns how many operations. */
    double[] measure(LongSupplier batch) {
        for (int i = 0; i < warmups; i++) {
            iterate(batch);
        }
        double[] perSecond = new double[iterations];
        for (int i = 0; i < iterations; i++) {
            perSecond[i] = iterate(batch);
        }
        return perSecond;
    }

    private double iterate(LongSupplier batch) {
        long start = System.nanoTime();
        long end = start + iteration.toNanos();
        long operations = 0;
        long now;
        do {
            operations += batch.getAsLong();
            now = System.nanoTime();
        } while (now < end);
        return operations * 1e9 / (now - start);
    }
}

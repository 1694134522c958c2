package io.robber.emulation.inprocess;

import java.util.function.LongSupplier;

/** Measures byte counters over wall-clock windows, timed with {@link System#nanoTime()}. */
public final class Rates {
    private Rates() {
    }

    /** Bytes per second of each counter over the next {@code millis}. */
    public static double[] over(long millis, LongSupplier... counters) throws InterruptedException {
        return windows(millis, 1, counters)[0];
    }

    /** {@code count} consecutive windows of {@code millis}: [window][counter] bytes per second. */
    public static double[][] windows(long millis, int count, LongSupplier... counters) throws InterruptedException {
        double[][] rates = new double[count][counters.length];
        long[] before = read(counters);
        long t0 = System.nanoTime();
        for (int w = 0; w < count; w++) {
            Thread.sleep(millis);
            long[] after = read(counters);
            long t1 = System.nanoTime();
            for (int i = 0; i < counters.length; i++) {
                rates[w][i] = (after[i] - before[i]) * 1e9 / (t1 - t0);
            }
            before = after;
            t0 = t1;
        }
        return rates;
    }

    private static long[] read(LongSupplier[] counters) {
        long[] values = new long[counters.length];
        for (int i = 0; i < counters.length; i++) {
            values[i] = counters[i].getAsLong();
        }
        return values;
    }
}

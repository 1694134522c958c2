package io.robber.balanced;

import io.robber.engine.Timers;
import java.util.function.IntConsumer;
import java.util.function.IntUnaryOperator;

/**
 * The sender-side traffic shaping of one tree (§2.4): a token bucket that releases the tree's pieces
 * at the tree's planned rate, so that no tree takes bandwidth meant for another. The bucket holds at
 * most {@link #BURST_NANOS} of the rate (and at least one piece), and starts full.
 */
final class TreePacer {
    static final long BURST_NANOS = 20_000_000L;

    private final Timers timers;
    private final int[] pieces;
    private final IntUnaryOperator length;
    private final IntConsumer release;
    private final double bytesPerNano;
    private final double capacity;
    private double tokens;
    private long updated;
    private int next;

    /**
     * @param rate    bytes per second; +∞ releases everything at once
     * @param pieces  the tree's pieces in the order to send them
     * @param length  piece → bytes
     * @param release called with each piece when its turn comes
     */
    TreePacer(Timers timers, double rate, int[] pieces, IntUnaryOperator length, IntConsumer release) {
        this.timers = timers;
        this.pieces = pieces;
        this.length = length;
        this.release = release;
        this.bytesPerNano = rate / 1e9;
        int largest = 0;
        for (int p : pieces) {
            largest = Math.max(largest, length.applyAsInt(p));
        }
        this.capacity = Math.max(largest, bytesPerNano * BURST_NANOS);
    }

    void start() {
        if (Double.isInfinite(bytesPerNano)) {
            while (next < pieces.length) {
                release.accept(pieces[next++]);
            }
            return;
        }
        tokens = capacity;
        updated = timers.nanoTime();
        pump();
    }

    boolean finished() {
        return next == pieces.length;
    }

    private void pump() {
        long now = timers.nanoTime();
        tokens = Math.min(capacity, tokens + (now - updated) * bytesPerNano);
        updated = now;
        while (next < pieces.length) {
            int bytes = length.applyAsInt(pieces[next]);
            if (tokens < bytes) {
                long wait = (long) Math.ceil((bytes - tokens) / bytesPerNano);
                timers.schedule(Math.max(1, wait), this::pump);
                return;
            }
            tokens -= bytes;
            release.accept(pieces[next++]);
        }
    }
}

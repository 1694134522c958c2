package io.robber.datacast.overlay;

import io.robber.engine.Timers;
import java.util.BitSet;
import java.util.TreeSet;
import java.util.function.IntConsumer;
import java.util.function.IntUnaryOperator;

/**
 * The source's side of one tree (§5.2): new pieces go out only through a token bucket at the tree's
 * {@link SourceRate} (depth: one piece), lowest asked-for piece first, and only when some interest asks
 * for them. An interest for a piece released within the last C releases is served at once, as the
 * paper's caches serve it; an older one, or a retransmitted one, is a duplicate interest: served at
 * once too, unshaped, but it halves the rate.
 */
final class SourcePacer {
    private final Timers timers;
    private final SourceRate rate;
    private final IntUnaryOperator length;
    private final IntConsumer release;
    private final int cachePieces;
    private final double depth;
    /** Per released piece, how many releases of this tree came before it. */
    private final int[] releasedAs;
    private final BitSet released = new BitSet();
    private final TreeSet<Integer> wanted = new TreeSet<>();
    private int releases;
    private int duplicateInterests;
    private double tokens;
    private long updated;
    private Runnable timer;

    /**
     * @param length  piece → bytes
     * @param release called with each piece when it is released
     */
    SourcePacer(Timers timers, SourceRate rate, int pieceCount, int largestPiece, int cachePieces,
                IntUnaryOperator length, IntConsumer release) {
        this.timers = timers;
        this.rate = rate;
        this.length = length;
        this.release = release;
        this.cachePieces = cachePieces;
        this.depth = largestPiece;
        this.tokens = largestPiece;
        this.releasedAs = new int[pieceCount];
        this.updated = timers.nanoTime();
    }

    boolean isReleased(int piece) {
        return released.get(piece);
    }

    /**
     * An interest for a released piece: true (and the rate halved) when it is a duplicate interest,
     * retransmitted or for a piece released more than C releases ago.
     */
    boolean duplicate(int piece, boolean retransmitted) {
        if (retransmitted || releases - releasedAs[piece] > cachePieces) {
            duplicateInterests++;
            rate.onDuplicateInterest(timers.nanoTime());
            return true;
        }
        return false;
    }

    /** An interest for a piece not released yet: it goes out when the bucket allows. */
    void want(int piece) {
        if (!released.get(piece) && wanted.add(piece)) {
            pump();
        }
    }

    int duplicateInterests() {
        return duplicateInterests;
    }

    void stop() {
        if (timer != null) {
            timer.run();
            timer = null;
        }
    }

    private void pump() {
        if (timer != null) {
            return;
        }
        long now = timers.nanoTime();
        double bytesPerNano = rate.at(now) / 1e9;
        tokens = Math.min(depth, tokens + (now - updated) * bytesPerNano);
        updated = now;
        while (!wanted.isEmpty()) {
            int piece = wanted.first();
            int bytes = length.applyAsInt(piece);
            if (tokens < bytes) {
                long wait = Math.max(1, (long) Math.ceil((bytes - tokens) / bytesPerNano));
                timer = timers.schedule(wait, () -> {
                    timer = null;
                    pump();
                });
                return;
            }
            tokens -= bytes;
            wanted.pollFirst();
            released.set(piece);
            releasedAs[piece] = releases++;
            release.accept(piece);
        }
    }
}

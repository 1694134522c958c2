package io.robber.exchange;

import java.util.Arrays;
import java.util.BitSet;

/**
 * When each request outstanding at one peer left this node for it ({@link OverdueRequests}), or
 * {@link #NOT_LEFT} while it waits behind what was queued before it. A peer has at most
 * its window of requests outstanding, so the pairs are kept in two flat arrays sized for the largest
 * window: timing a request or its answer allocates nothing.
 */
final class RequestTimes {
    /** The time of a request that has not left this node yet: it counts from none. */
    static final long NOT_LEFT = Long.MAX_VALUE;

    private int[] pieces;
    private long[] sentAt;
    private int size;

    RequestTimes(int capacity) {
        this.pieces = new int[capacity];
        this.sentAt = new long[capacity];
    }

    /** The request for {@code piece} counts from {@code time}. */
    void put(int piece, long time) {
        int i = indexOf(piece);
        if (i < 0) {
            if (size == pieces.length) {
                pieces = Arrays.copyOf(pieces, 2 * size);
                sentAt = Arrays.copyOf(sentAt, 2 * size);
            }
            i = size++;
            pieces[i] = piece;
        }
        sentAt[i] = time;
    }

    /** The request for {@code piece}, if still outstanding, left at {@code time}. */
    void left(int piece, long time) {
        int i = indexOf(piece);
        if (i >= 0) {
            sentAt[i] = Math.min(sentAt[i], time);
        }
    }

    /** When the oldest request that left was sent; {@link #NOT_LEFT} when none has left. */
    long oldest() {
        long oldest = NOT_LEFT;
        for (int i = 0; i < size; i++) {
            oldest = Math.min(oldest, sentAt[i]);
        }
        return oldest;
    }

    /** The request for {@code piece} is over. */
    void remove(int piece) {
        int i = indexOf(piece);
        if (i >= 0) {
            size--;
            pieces[i] = pieces[size];
            sentAt[i] = sentAt[size];
        }
    }

    void clear() {
        size = 0;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** Adds to {@code into} the pieces whose requests left at least {@code age} before {@code now}. */
    void olderThan(long now, long age, BitSet into) {
        for (int i = 0; i < size; i++) {
            if (now - sentAt[i] >= age) {
                into.set(pieces[i]);
            }
        }
    }

    private int indexOf(int piece) {
        for (int i = 0; i < size; i++) {
            if (pieces[i] == piece) {
                return i;
            }
        }
        return -1;
    }
}

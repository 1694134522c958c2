package io.robber.exchange;

import java.util.Arrays;
import java.util.BitSet;

/**
 * When each request outstanding at one peer was sent ({@link OverdueRequests}). A peer has at most
 * its window of requests outstanding, so the pairs are kept in two flat arrays sized for the largest
 * window: timing a request or its answer allocates nothing.
 */
final class RequestTimes {
    private int[] pieces;
    private long[] sentAt;
    private int size;

    RequestTimes(int capacity) {
        this.pieces = new int[capacity];
        this.sentAt = new long[capacity];
    }

    /** {@code piece} was requested at {@code now}. */
    void put(int piece, long now) {
        int i = indexOf(piece);
        if (i < 0) {
            if (size == pieces.length) {
                pieces = Arrays.copyOf(pieces, 2 * size);
                sentAt = Arrays.copyOf(sentAt, 2 * size);
            }
            i = size++;
            pieces[i] = piece;
        }
        sentAt[i] = now;
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

    /** Adds to {@code into} the pieces requested at least {@code age} before {@code now}. */
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

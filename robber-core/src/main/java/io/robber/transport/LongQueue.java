package io.robber.transport;

import java.util.NoSuchElementException;

/** A first-in first-out queue of {@code long}s in a growing ring: no object per element. */
final class LongQueue {
    private long[] ring = new long[16];
    private int head;
    private int size;

    void add(long value) {
        if (size == ring.length) {
            long[] grown = new long[ring.length * 2];
            int tail = ring.length - head;
            System.arraycopy(ring, head, grown, 0, tail);
            System.arraycopy(ring, 0, grown, tail, head);
            ring = grown;
            head = 0;
        }
        ring[(head + size) & (ring.length - 1)] = value;
        size++;
    }

    /** Removes and returns the oldest element. */
    long poll() {
        if (size == 0) {
            throw new NoSuchElementException("the queue is empty");
        }
        long value = ring[head];
        head = (head + 1) & (ring.length - 1);
        size--;
        return value;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void clear() {
        head = 0;
        size = 0;
    }
}

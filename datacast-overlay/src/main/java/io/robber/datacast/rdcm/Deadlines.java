package io.robber.datacast.rdcm;

/**
 * A FIFO of (packet, deadline, attempt) entries. Deadlines are added as now + one constant timeout,
 * so they come out in order and the head is always the earliest: no heap needed.
 */
final class Deadlines {
    private int[] sequences = new int[16];
    private long[] deadlines = new long[16];
    private int[] attempts = new int[16];
    private int head;
    private int size;

    void add(int sequence, long deadline, int attempt) {
        if (size == sequences.length) {
            grow();
        }
        int slot = (head + size++) % sequences.length;
        sequences[slot] = sequence;
        deadlines[slot] = deadline;
        attempts[slot] = attempt;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The head's deadline, or {@link Long#MAX_VALUE} when empty. */
    long headDeadline() {
        return size == 0 ? Long.MAX_VALUE : deadlines[head];
    }

    int headSequence() {
        return sequences[head];
    }

    int headAttempt() {
        return attempts[head];
    }

    void poll() {
        head = (head + 1) % sequences.length;
        size--;
    }

    private void grow() {
        int[] s = new int[sequences.length * 2];
        long[] d = new long[s.length];
        int[] a = new int[s.length];
        for (int i = 0; i < size; i++) {
            int slot = (head + i) % sequences.length;
            s[i] = sequences[slot];
            d[i] = deadlines[slot];
            a[i] = attempts[slot];
        }
        sequences = s;
        deadlines = d;
        attempts = a;
        head = 0;
    }
}

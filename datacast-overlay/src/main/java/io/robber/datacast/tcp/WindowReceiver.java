package io.robber.datacast.tcp;

import java.util.Arrays;
import java.util.BitSet;

/**
 * A TCP-like receiver, sans-IO: it keeps the segments that arrive in any order, checks each one's
 * content word against the data set's ({@link SegmentWords}), and answers every segment with its
 * cumulative ACK (the first segment it misses), with selective ACK blocks if asked for. The words it
 * has taken in order make a digest the sender's must match.
 */
public final class WindowReceiver {
    private final int segments;
    private final SegmentWords words;
    private final BitSet held = new BitSet();
    private int cumulative;
    private long duplicates;
    private long corrupt;
    private long digest = SegmentWords.EMPTY_DIGEST;
    /** The segment that arrived last, and whether it was a duplicate; −1 if none or it was corrupt. */
    private int arrived = -1;
    private boolean duplicate;

    public WindowReceiver(int segments, SegmentWords words) {
        this.segments = segments;
        this.words = words;
    }

    /** Segment {@code sequence} carrying {@code word} arrived; returns the cumulative ACK to send. */
    public int onSegment(int sequence, long word) {
        boolean valid = sequence >= 0 && sequence < segments && word == words.word(sequence);
        arrived = valid ? sequence : -1;
        duplicate = valid && (sequence < cumulative || held.get(sequence));
        if (!valid) {
            corrupt++;
        } else if (duplicate) {
            duplicates++;
        } else {
            held.set(sequence);
            while (cumulative < segments && held.get(cumulative)) {
                digest = SegmentWords.digest(digest, words.word(cumulative));
                held.clear(cumulative++);
            }
        }
        return cumulative;
    }

    /**
     * Up to {@code max} selective ACK blocks for the ACK answering the segment that arrived last, as
     * {@code [start, end)} pairs: first the block holding it (RFC 2018), or that segment alone if it was
     * a duplicate below the cumulative ACK (RFC 2883's D-SACK); then the highest blocks above the
     * cumulative ACK. None when nothing above the cumulative ACK has arrived and the last segment was
     * not a duplicate.
     */
    public int[] sack(int max) {
        int[] blocks = new int[2 * max];
        int n = 0;
        if (duplicate && arrived < cumulative) {
            blocks[n++] = arrived;
            blocks[n++] = arrived + 1;
        } else if (arrived >= 0 && held.get(arrived)) {
            blocks[n++] = held.previousClearBit(arrived) + 1;
            blocks[n++] = held.nextClearBit(arrived);
        }
        int end = held.length();
        while (end > 0 && n < blocks.length) {
            int start = held.previousClearBit(end - 1) + 1;
            if (n == 0 || blocks[0] != start || blocks[1] != end) {
                blocks[n++] = start;
                blocks[n++] = end;
            }
            end = held.previousSetBit(start - 1) + 1;
        }
        return Arrays.copyOf(blocks, n);
    }

    /** Whether segment {@code sequence} has arrived. */
    public boolean holds(int sequence) {
        return sequence < cumulative || held.get(sequence);
    }

    public int cumulative() {
        return cumulative;
    }

    public boolean complete() {
        return cumulative == segments;
    }

    /** Whether every segment arrived and the digest of their words is the data set's. */
    public boolean verified() {
        return complete() && corrupt == 0 && digest == words.digest();
    }

    public long duplicates() {
        return duplicates;
    }
}

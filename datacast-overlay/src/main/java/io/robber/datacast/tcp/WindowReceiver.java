package io.robber.datacast.tcp;

import java.util.BitSet;

/**
 * A TCP-like receiver, sans-IO: it keeps the segments that arrive in any order, checks each one's
 * content word against the data set's ({@link SegmentWords}), and answers every segment with its
 * cumulative ACK (the first segment it misses). The words it has taken in order make a digest the
 * sender's must match.
 */
public final class WindowReceiver {
    private final int segments;
    private final SegmentWords words;
    private final BitSet held = new BitSet();
    private int cumulative;
    private long duplicates;
    private long corrupt;
    private long digest = SegmentWords.EMPTY_DIGEST;

    public WindowReceiver(int segments, SegmentWords words) {
        this.segments = segments;
        this.words = words;
    }

    /** Segment {@code sequence} carrying {@code word} arrived; returns the cumulative ACK to send. */
    public int onSegment(int sequence, long word) {
        if (sequence < 0 || sequence >= segments || word != words.word(sequence)) {
            corrupt++;
        } else if (sequence < cumulative || held.get(sequence)) {
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

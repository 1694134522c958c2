package io.robber.datacast.tcp;

import java.util.Arrays;
import java.util.BitSet;
import java.util.function.IntConsumer;

/**
 * The multicast sender's scoreboard: for each receiver its cumulative ACK and the segments above it
 * that its selective ACKs (RFC 2018) reported, for each segment how many live receivers hold it. A
 * segment every live receiver holds is never sent again; one that some live receiver lacks is a hole
 * of the union the sender repairs. Receivers never renege on what they reported.
 */
final class Scoreboard {
    private final int segments;
    private final int[] cumulative;
    private final BitSet[] above;
    private final int[] holders;
    private final boolean[] live;
    private int liveCount;

    Scoreboard(int segments, int receivers) {
        this.segments = segments;
        this.cumulative = new int[receivers];
        this.above = new BitSet[receivers];
        Arrays.setAll(above, r -> new BitSet());
        this.holders = new int[segments];
        this.live = new boolean[receivers];
        Arrays.fill(live, true);
        this.liveCount = receivers;
    }

    /**
     * Receiver slot {@code r} holds every segment below {@code ack} and those in {@code blocks}
     * ({@code [start, end)} pairs); each segment it newly holds goes to {@code newlyHeld}.
     */
    void update(int r, int ack, int[] blocks, IntConsumer newlyHeld) {
        int to = Math.min(ack, segments);
        for (int s = cumulative[r]; s < to; s++) {
            if (!above[r].get(s)) {
                take(r, s, newlyHeld);
            }
        }
        if (to > cumulative[r]) {
            above[r].clear(cumulative[r], to);
            cumulative[r] = to;
        }
        for (int b = 0; b + 1 < blocks.length; b += 2) {
            for (int s = Math.max(blocks[b], cumulative[r]); s < Math.min(blocks[b + 1], segments); s++) {
                if (!above[r].get(s)) {
                    above[r].set(s);
                    take(r, s, newlyHeld);
                }
            }
        }
        int c = above[r].nextClearBit(cumulative[r]);
        if (c > cumulative[r]) {
            above[r].clear(cumulative[r], c);
            cumulative[r] = c;
        }
    }

    private void take(int r, int s, IntConsumer newlyHeld) {
        if (live[r]) {
            holders[s]++;
        }
        newlyHeld.accept(s);
    }

    /** Receiver slot {@code r} no longer counts: segments wait for the other receivers alone. */
    void remove(int r) {
        if (!live[r]) {
            return;
        }
        live[r] = false;
        liveCount--;
        for (int s = 0; s < cumulative[r]; s++) {
            holders[s]--;
        }
        above[r].stream().forEach(s -> holders[s]--);
    }

    boolean live(int r) {
        return live[r];
    }

    /** Receiver slot {@code r}'s cumulative ACK. */
    int cumulative(int r) {
        return cumulative[r];
    }

    /** One past the highest segment receiver slot {@code r} reported. */
    int highestHeld(int r) {
        return Math.max(cumulative[r], above[r].length());
    }

    /** The first segment above {@code from} that receiver slot {@code r} lacks (may be past what it reported). */
    int nextHole(int r, int from) {
        return above[r].nextClearBit(Math.max(from, cumulative[r]));
    }

    /** Whether every live receiver holds segment {@code s}. */
    boolean everyoneHolds(int s) {
        return holders[s] >= liveCount;
    }

    /** The least cumulative ACK of the live receivers; every segment if none is live. */
    int lowest() {
        int low = segments;
        for (int r = 0; r < cumulative.length; r++) {
            if (live[r]) {
                low = Math.min(low, cumulative[r]);
            }
        }
        return low;
    }
}

package io.robber.datacast.rdcm;

import java.util.BitSet;

/**
 * The packets an ACK stream has covered: single ones, the 64 before one (a selective-ACK mask) and
 * cumulatively everything below a bound. The bound only moves up, so covering a prefix costs the
 * newly covered words only.
 */
final class Acked {
    private final BitSet bits = new BitSet();
    private int coveredBelow;

    /**
     * Covers {@code sequence}, packet {@code sequence − 1 − i} for each bit i set in {@code recent},
     * and every packet below {@code below}; whether anything new was covered.
     */
    boolean cover(int sequence, long recent, int below) {
        boolean fresh = !bits.get(sequence);
        bits.set(sequence);
        for (long mask = recent; mask != 0; mask &= mask - 1) {
            int covered = sequence - 1 - Long.numberOfTrailingZeros(mask);
            if (covered >= 0 && !bits.get(covered)) {
                bits.set(covered);
                fresh = true;
            }
        }
        if (below > coveredBelow) {
            fresh |= bits.nextClearBit(coveredBelow) < below;
            bits.set(coveredBelow, below);
            coveredBelow = below;
        }
        return fresh;
    }

    /** The mask of the 64 packets before {@code sequence}: bit i set if {@code sequence − 1 − i} is covered. */
    long recent(int sequence) {
        long mask = 0;
        for (int i = 0; i < 64 && sequence - 1 - i >= 0; i++) {
            if (bits.get(sequence - 1 - i)) {
                mask |= 1L << i;
            }
        }
        return mask;
    }

    boolean get(int sequence) {
        return bits.get(sequence);
    }

    /** The first covered packet at or after {@code from}, or −1. */
    int nextSet(int from) {
        return bits.nextSetBit(from);
    }

    /** The first packet not covered: every one below it is. */
    int prefix() {
        coveredBelow = bits.nextClearBit(coveredBelow);
        return coveredBelow;
    }
}

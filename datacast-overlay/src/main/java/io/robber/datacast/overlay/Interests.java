package io.robber.datacast.overlay;

import java.util.Arrays;

/**
 * Interests (§5.1) for pieces, from a member to its overlay parent on their trees; the answer to each
 * is the piece itself. One message carries the interests a member sends at one moment.
 *
 * @param retransmitted whether these are sent again after a timeout, which the source counts as
 *                      duplicate interests (§5.2)
 * @param pieces        the pieces asked for
 */
public record Interests(boolean retransmitted, int[] pieces) {
    public Interests {
        pieces = pieces.clone();
    }

    @Override
    public int[] pieces() {
        return pieces.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Interests other && retransmitted == other.retransmitted
                && Arrays.equals(pieces, other.pieces);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(pieces) + (retransmitted ? 1 : 0);
    }

    @Override
    public String toString() {
        return "Interests[" + (retransmitted ? "retransmitted " : "") + Arrays.toString(pieces) + "]";
    }
}

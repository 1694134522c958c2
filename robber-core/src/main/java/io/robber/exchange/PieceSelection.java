package io.robber.exchange;

import java.util.BitSet;
import java.util.random.RandomGenerator;

/**
 * Which piece to request next from a peer: the hook through which a protocol replaces the exchange's
 * random choice (BitTorrent's rarest-first, Cornet's large blocks). The exchange has already reduced
 * the choice to the wanted-and-available pieces that are not pending.
 */
@FunctionalInterface
public interface PieceSelection {

    /**
     * Picks one of {@code candidates} (non-empty, {@code available} of them set) to request from
     * {@code peer}, or returns -1 to request none of them now. Must not modify {@code candidates}.
     */
    int pick(PieceExchange exchange, int peer, BitSet candidates, int available);

    /** The papers' choice: uniformly at random among the candidates (Robber, MOB, BitTorrent's baseline). */
    static PieceSelection random(RandomGenerator random) {
        return (exchange, peer, candidates, available) -> nth(candidates, random.nextInt(available));
    }

    /** The {@code n}-th (from 0) set bit of {@code set}. */
    static int nth(BitSet set, int n) {
        int piece = set.nextSetBit(0);
        for (int i = 0; i < n; i++) {
            piece = set.nextSetBit(piece + 1);
        }
        return piece;
    }
}

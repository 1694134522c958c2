package io.robber.bittorrent;

import io.robber.exchange.PieceExchange;
import io.robber.exchange.PieceSelection;
import java.util.BitSet;
import java.util.random.RandomGenerator;

/**
 * BitTorrent's rarest-first: request the candidate the fewest live neighbours announced, ties at
 * random, so rare pieces spread before their holders leave. An option here; the Robber paper's
 * baseline picks at random.
 */
final class RarestFirst implements PieceSelection {
    private final RandomGenerator random;

    RarestFirst(RandomGenerator random) {
        this.random = random;
    }

    @Override
    public int pick(PieceExchange exchange, int peer, BitSet candidates, int available) {
        int best = -1;
        int rarest = Integer.MAX_VALUE;
        int ties = 0;
        for (int i = candidates.nextSetBit(0); i >= 0; i = candidates.nextSetBit(i + 1)) {
            int availability = exchange.availability(i);
            if (availability < rarest) {
                rarest = availability;
                best = i;
                ties = 1;
            } else if (availability == rarest && random.nextInt(++ties) == 0) {
                best = i;
            }
        }
        return best;
    }
}

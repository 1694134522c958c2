package io.robber.collective;

import io.robber.exchange.PieceExchange;
import io.robber.exchange.PieceSelection;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.random.RandomGenerator;

/**
 * Which piece to request from a global peer: at random among those no other global peer announced,
 * else at random among all candidates; from a local peer, at random. A piece that several peer
 * clusters hold is left to the others, so a source whose pieces nobody else has yet (a root cluster)
 * spends its uplinks on those and every piece leaves it about once, as under BitTorrent's
 * super-seeding (BEP 16), while the clusters that got a piece relay it.
 */
final class OnlySourceFirst implements PieceSelection {
    private final RandomGenerator random;
    private final List<Integer> globalPeers;
    private final IntPredicate isGlobal;

    OnlySourceFirst(RandomGenerator random, List<Integer> globalPeers, IntPredicate isGlobal) {
        this.random = random;
        this.globalPeers = globalPeers;
        this.isGlobal = isGlobal;
    }

    @Override
    public int pick(PieceExchange exchange, int peer, BitSet candidates, int available) {
        if (isGlobal.test(peer)) {
            BitSet only = (BitSet) candidates.clone();
            only.andNot(exchange.announcedBy(globalPeers.stream().filter(g -> g != peer).toList()));
            int onlyHere = only.cardinality();
            if (onlyHere > 0) {
                return PieceSelection.nth(only, random.nextInt(onlyHere));
            }
        }
        return PieceSelection.nth(candidates, random.nextInt(available));
    }
}

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
 *
 * <p>Within each of those choices, pieces of this cluster's {@link PieceClasses class} come first: each
 * piece belongs to one of the receiving clusters this node sees. Clusters that ask the same source for
 * fresh pieces then ask for different ones — sibling clusters over their slow links to another continent,
 * the receiving clusters of TC3 over the root cluster's shared uplink — and get the rest from each other,
 * instead of racing for the same pieces, which the source then sends out twice.
 */
final class OnlySourceFirst implements PieceSelection {
    private final RandomGenerator random;
    private final List<Integer> globalPeers;
    private final IntPredicate isGlobal;
    private final PieceClasses classes;

    OnlySourceFirst(RandomGenerator random, List<Integer> globalPeers, IntPredicate isGlobal, PieceClasses classes) {
        this.random = random;
        this.globalPeers = globalPeers;
        this.isGlobal = isGlobal;
        this.classes = classes;
    }

    @Override
    public int pick(PieceExchange exchange, int peer, BitSet candidates, int available) {
        if (!isGlobal.test(peer)) {
            return PieceSelection.nth(candidates, random.nextInt(available));
        }
        BitSet only = (BitSet) candidates.clone();
        only.andNot(exchange.announcedBy(globalPeers.stream().filter(g -> g != peer).toList()));
        int piece = pickOurs(only);
        if (piece >= 0) {
            return piece;
        }
        int onlyHere = only.cardinality();
        if (onlyHere > 0) {
            return PieceSelection.nth(only, random.nextInt(onlyHere));
        }
        piece = pickOurs(candidates);
        return piece >= 0 ? piece : PieceSelection.nth(candidates, random.nextInt(available));
    }

    /** A piece of this cluster's class among {@code pieces}, at random; -1 when there is none. */
    private int pickOurs(BitSet pieces) {
        BitSet ours = (BitSet) pieces.clone();
        ours.and(classes.own());
        int count = ours.cardinality();
        return count == 0 ? -1 : PieceSelection.nth(ours, random.nextInt(count));
    }
}

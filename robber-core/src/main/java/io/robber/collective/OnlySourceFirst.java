package io.robber.collective;

import io.robber.exchange.PieceExchange;
import io.robber.exchange.PieceSelection;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import java.util.random.RandomGenerator;

/**
 * Which piece to request from a global peer: at random among those no other global peer announced,
 * else at random among all candidates; from a local peer, at random. A piece that several peer
 * clusters hold is left to the others, so a source whose pieces nobody else has yet (a root cluster)
 * spends its uplinks on those and every piece leaves it about once, as under BitTorrent's
 * super-seeding (BEP 16), while the clusters that got a piece relay it.
 *
 * <p>Over a slow global connection, pieces of this cluster's class come first: when some global peers
 * deliver at least {@link #NEAR} times faster than this one, their clusters are near, and each piece
 * belongs to one cluster of the near ones and this one (rendezvous hashing of piece and cluster
 * index). Near clusters — sibling clusters on one continent — then fetch different pieces over their
 * slow links and get the rest from each other over the fast ones, instead of racing for the same
 * fresh pieces.
 */
final class OnlySourceFirst implements PieceSelection {
    /** A global peer at least this many times faster than the one asked is near. */
    static final double NEAR = 2;

    private final RandomGenerator random;
    private final List<Integer> globalPeers;
    private final IntPredicate isGlobal;
    private final IntUnaryOperator clusterOf;
    private final int ownCluster;

    OnlySourceFirst(RandomGenerator random, List<Integer> globalPeers, IntPredicate isGlobal,
                    IntUnaryOperator clusterOf, int ownCluster) {
        this.random = random;
        this.globalPeers = globalPeers;
        this.isGlobal = isGlobal;
        this.clusterOf = clusterOf;
        this.ownCluster = ownCluster;
    }

    @Override
    public int pick(PieceExchange exchange, int peer, BitSet candidates, int available) {
        if (!isGlobal.test(peer)) {
            return PieceSelection.nth(candidates, random.nextInt(available));
        }
        BitSet only = (BitSet) candidates.clone();
        only.andNot(exchange.announcedBy(globalPeers.stream().filter(g -> g != peer).toList()));
        BitSet ours = ownClass(exchange, peer, candidates);
        if (ours != null) {
            BitSet onlyOurs = (BitSet) only.clone();
            onlyOurs.and(ours);
            if (!onlyOurs.isEmpty()) {
                return PieceSelection.nth(onlyOurs, random.nextInt(onlyOurs.cardinality()));
            }
        }
        int onlyHere = only.cardinality();
        if (onlyHere > 0) {
            return PieceSelection.nth(only, random.nextInt(onlyHere));
        }
        if (ours != null && !ours.isEmpty()) {
            return PieceSelection.nth(ours, random.nextInt(ours.cardinality()));
        }
        return PieceSelection.nth(candidates, random.nextInt(available));
    }

    /** The candidates of this cluster's class among the clusters near it, seen from {@code peer}; null when none is near. */
    private BitSet ownClass(PieceExchange exchange, int peer, BitSet candidates) {
        double rate = exchange.rate(peer);
        if (Double.isNaN(rate)) {
            return null;
        }
        List<Integer> near = new ArrayList<>();
        for (int g : globalPeers) {
            int cluster = clusterOf.applyAsInt(g);
            if (g != peer && exchange.rate(g) >= NEAR * rate && !near.contains(cluster)) {
                near.add(cluster);
            }
        }
        if (near.isEmpty()) {
            return null;
        }
        BitSet ours = new BitSet();
        for (int i = candidates.nextSetBit(0); i >= 0; i = candidates.nextSetBit(i + 1)) {
            long own = weight(i, ownCluster);
            boolean first = true;
            for (int c : near) {
                if (weight(i, c) > own) {
                    first = false;
                    break;
                }
            }
            if (first) {
                ours.set(i);
            }
        }
        return ours;
    }

    /** Rendezvous weight of {@code piece} for {@code cluster}: a SplitMix64 finaliser of both. */
    static long weight(int piece, int cluster) {
        long z = ((long) piece << 32 | cluster) + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

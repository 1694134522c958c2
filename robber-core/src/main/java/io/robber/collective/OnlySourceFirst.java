package io.robber.collective;

import io.robber.exchange.PieceExchange;
import io.robber.exchange.PieceSelection;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntConsumer;
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
 * <p>Pieces of this cluster's class ({@link PieceClasses}: one of the group's receiving clusters, the
 * same at every node) come first, so that clusters asking the same source for fresh pieces ask for
 * different ones and relay the rest to each other instead of racing for them (the source would send
 * them out twice):
 * <ul>
 *   <li>over a fast global connection, within each of the choices above: the receiving clusters of TC3
 *       behind the root cluster's shared uplink;</li>
 *   <li>over a slow one — some global peers deliver at least {@link #NEAR} times faster than this one,
 *       so their clusters are near (siblings on one continent) — before them, even when another global
 *       peer announced the piece: a node sees the announcements of its own global peers only, and the
 *       clusters of other continents that race it for the root's fresh pieces are mostly not among
 *       them. Then, within each choice, the pieces that are this cluster's among the near ones and
 *       this one, so that siblings fetch different pieces over their slow links.</li>
 * </ul>
 * Both by rendezvous hashing of piece and cluster index ({@link PieceClasses#weight}).
 *
 * <p>Right after the own class (over a fast connection: among the pieces only the asked peer holds),
 * the pieces of the asked peer's cluster's class for which this cluster is next in the rendezvous order
 * ({@link PieceClasses#next()}): the clusters that ask a holder of its class for pieces share the class
 * out among them, so that the cluster that owns a piece sends it out of its own continent once too.
 * Asked over a slow connection for none of the own class, the node tells its wishes
 * ({@link WorkWishes#shortOfOwnClassAt}): the local peers may hold that class in their work.
 */
final class OnlySourceFirst implements PieceSelection {
    /** A global peer at least this many times faster than the one asked is near. */
    static final double NEAR = 2;

    private final RandomGenerator random;
    private final List<Integer> globalPeers;
    private final IntPredicate isGlobal;
    private final IntUnaryOperator clusterOf;
    private final int ownCluster;
    private final PieceClasses classes;
    private final IntConsumer shortOfOwnClass;
    /** Where {@link #pickAmong} intersects, kept so that a pick allocates no more than it must. */
    private final BitSet both = new BitSet();

    /** @param shortOfOwnClass told of a slow global peer asked for none of this cluster's class */
    OnlySourceFirst(RandomGenerator random, List<Integer> globalPeers, IntPredicate isGlobal,
                    IntUnaryOperator clusterOf, int ownCluster, PieceClasses classes, IntConsumer shortOfOwnClass) {
        this.random = random;
        this.globalPeers = globalPeers;
        this.isGlobal = isGlobal;
        this.clusterOf = clusterOf;
        this.ownCluster = ownCluster;
        this.classes = classes;
        this.shortOfOwnClass = shortOfOwnClass;
    }

    @Override
    public int pick(PieceExchange exchange, int peer, BitSet candidates, int available) {
        if (!isGlobal.test(peer)) {
            return PieceSelection.nth(candidates, random.nextInt(available));
        }
        BitSet near = nearClusters(exchange, peer);
        int asked = clusterOf.applyAsInt(peer);
        if (!near.isEmpty()) {
            int piece = pickAmong(candidates, classes.own());
            if (piece >= 0) {
                return piece;
            }
            shortOfOwnClass.accept(peer);
            piece = pickNext(candidates, asked);
            if (piece >= 0) {
                return piece;
            }
        }
        BitSet only = (BitSet) candidates.clone();
        only.andNot(exchange.announcedBy(globalPeers.stream().filter(g -> g != peer).toList()));
        BitSet ours = near.isEmpty() ? classes.own() : classAmong(near, candidates);
        int piece = pickAmong(only, ours);
        if (piece >= 0) {
            return piece;
        }
        if (near.isEmpty()) {
            piece = pickNext(only, asked);
            if (piece >= 0) {
                return piece;
            }
        }
        int onlyHere = only.cardinality();
        if (onlyHere > 0) {
            return PieceSelection.nth(only, random.nextInt(onlyHere));
        }
        piece = pickAmong(candidates, ours);
        return piece >= 0 ? piece : PieceSelection.nth(candidates, random.nextInt(available));
    }

    /** A piece of both sets, at random; -1 when there is none. */
    private int pickAmong(BitSet pieces, BitSet ours) {
        both.clear();
        both.or(pieces);
        both.and(ours);
        int count = both.cardinality();
        return count == 0 ? -1 : PieceSelection.nth(both, random.nextInt(count));
    }

    /** A piece of {@code pieces} of {@code cluster}'s class that this cluster is next for, at random; -1 when there is none. */
    private int pickNext(BitSet pieces, int cluster) {
        both.clear();
        both.or(pieces);
        both.and(classes.next());
        for (int i = both.nextSetBit(0); i >= 0; i = both.nextSetBit(i + 1)) {
            if (classes.classOf(i) != cluster) {
                both.clear(i);
            }
        }
        int count = both.cardinality();
        return count == 0 ? -1 : PieceSelection.nth(both, random.nextInt(count));
    }

    /** Clusters of global peers at least {@link #NEAR} times faster than {@code peer}; none if its rate is unknown. */
    private BitSet nearClusters(PieceExchange exchange, int peer) {
        BitSet near = new BitSet();
        double rate = exchange.rate(peer);
        if (Double.isNaN(rate)) {
            return near;
        }
        for (int g : globalPeers) {
            if (g != peer && exchange.rate(g) >= NEAR * rate) {
                near.set(clusterOf.applyAsInt(g));
            }
        }
        return near;
    }

    /** The candidates whose class among {@code near} and this cluster is this cluster. */
    private BitSet classAmong(BitSet near, BitSet candidates) {
        BitSet ours = new BitSet();
        for (int i = candidates.nextSetBit(0); i >= 0; i = candidates.nextSetBit(i + 1)) {
            if (PieceClasses.classOf(i, ownCluster, near) == ownCluster) {
                ours.set(i);
            }
        }
        return ours;
    }
}

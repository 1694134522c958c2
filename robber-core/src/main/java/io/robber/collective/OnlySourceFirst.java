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
 * them out twice). Next come the pieces of the asked peer's cluster's class for which this cluster is
 * next in the rendezvous order ({@link PieceClasses#next()}): the clusters that ask a holder of its
 * class share the class out among them, each piece to one of them. How the choices are ordered
 * depends on the connection:
 * <ul>
 *   <li>over a fast global connection, the two come first among the pieces only the asked peer holds,
 *       then any of those, then the own class, then any candidate: the receiving clusters of TC3 behind
 *       the root cluster's shared uplink. A member of a root collective that is not done yet is asked
 *       for none of the rest while a request to it is outstanding: it is still taking the data in from
 *       the root over its LAN, and the pieces only it holds are merely the ones it got first, the same
 *       for every receiving cluster that asks the root collective. Taking them, of other clusters'
 *       classes, races those clusters for the same pieces and leaves them nothing to relay to each
 *       other; the member gets this cluster's class soon. (In virtual time, a root cluster whose LAN
 *       carries 100 MB/s a connection instead of 1.25 GB/s made the default demo 74.8 % of the bound,
 *       86.9 % with the wait.)</li>
 *   <li>over a slow one — some clusters are near, their shortest round trip at most a {@link #NEAR}th
 *       of the asked peer's (siblings on one continent; measured over this node's global peers, or
 *       reported by its local peers for a cluster it has no global peer in: {@link ClusterRoundTrips})
 *       — the own class comes first even when another global peer announced the piece: a node sees the
 *       announcements of its own global peers only, and the clusters of other continents that race it
 *       for the root's fresh pieces are mostly not among them. Then the asked peer's class that this
 *       cluster is next for, then this cluster's pieces among the near ones and this one (those only the
 *       asked peer holds first), and nothing else: the near clusters fetch the rest over their own slow
 *       links and this cluster gets it from them over fast ones, so that a continent takes each piece in
 *       about once. Only a node that has had no request outstanding for a while ({@link Starvation})
 *       takes any piece, so that a piece no near cluster fetches still comes. Until this node measured
 *       the asked peer, the round trip to that peer's cluster known otherwise stands for it.</li>
 * </ul>
 * Asked over a slow connection for none of the own class, the node tells its wishes
 * ({@link WorkWishes#shortOfOwnClassAt}): the local peers may hold that class in their work.
 */
final class OnlySourceFirst implements PieceSelection {
    /**
     * A cluster whose shortest round trip (request to piece) is at most the asked peer's divided by this
     * is near. The round trip holds one piece's serialisation at the connection's share of its link, so
     * a busy link lengthens it, but latency keeps siblings apart from other continents: in
     * virtual time TC2's siblings take 23–32 ms against 232–433 ms between continents, and tc2-error's
     * 100 KB/s link to Europe (364–830 ms) does not make America's 232–326 ms to Asia and Africa near.
     * Rates would: the other continents deliver five times faster there.
     */
    static final double NEAR = 5;
    /**
     * The most near clusters a node splits the pieces with, the nearest ones. A split among more leaves
     * each cluster too small a share to keep its slow connections busy: with 25 clusters a continent
     * (2,000 nodes, 1 MiB pieces, virtual time) every near cluster known made 12.3 % of the bound 9.9 %
     * at seed 1, and three made it 13.0 %; TC2 has at most three siblings.
     */
    static final int MOST_NEAR = 3;

    /** {@link #overFast}'s answer when the asked peer should be asked for nothing now. */
    private static final int NOTHING = -2;

    private final RandomGenerator random;
    private final List<Integer> globalPeers;
    private final IntPredicate isGlobal;
    private final IntUnaryOperator clusterOf;
    private final int ownCluster;
    private final PieceClasses classes;
    private final IntConsumer shortOfOwnClass;
    private final ClusterRoundTrips roundTrips;
    private final IntPredicate done;
    private final Starvation starvation;
    /** The nearest clusters found so far, and their round trips, nearest first. */
    private final int[] nearest = new int[MOST_NEAR];
    private final long[] nearestRtt = new long[MOST_NEAR];
    /** Where {@link #pickAmong} intersects, kept so that a pick allocates no more than it must. */
    private final BitSet both = new BitSet();

    /**
     * @param shortOfOwnClass told of a slow global peer asked for none of this cluster's class
     * @param roundTrips      the round trips to other clusters, this node's and its local peers'
     * @param done            whether a member is known to hold every piece
     *                        ({@link io.robber.engine.EngineContext#isDone})
     * @param starvation      whether this node has gone without requests for long
     */
    OnlySourceFirst(RandomGenerator random, List<Integer> globalPeers, IntPredicate isGlobal,
                    IntUnaryOperator clusterOf, int ownCluster, PieceClasses classes, IntConsumer shortOfOwnClass,
                    ClusterRoundTrips roundTrips, IntPredicate done, Starvation starvation) {
        this.random = random;
        this.globalPeers = globalPeers;
        this.isGlobal = isGlobal;
        this.clusterOf = clusterOf;
        this.ownCluster = ownCluster;
        this.classes = classes;
        this.shortOfOwnClass = shortOfOwnClass;
        this.roundTrips = roundTrips;
        this.done = done;
        this.starvation = starvation;
    }

    @Override
    public int pick(PieceExchange exchange, int peer, BitSet candidates, int available) {
        if (!isGlobal.test(peer)) {
            return PieceSelection.nth(candidates, random.nextInt(available));
        }
        int asked = clusterOf.applyAsInt(peer);
        BitSet near = nearClusters(exchange, peer);
        int piece;
        if (near.isEmpty()) {
            piece = overFast(exchange, peer, asked, candidates);
            if (piece == NOTHING) {
                return -1;
            }
        } else {
            piece = overSlow(exchange, peer, asked, near, candidates);
            if (piece < 0 && !starvation.starving()) {
                return -1;
            }
            if (piece < 0) {
                piece = pickAny(onlyAt(exchange, peer, candidates));
            }
        }
        return piece >= 0 ? piece : PieceSelection.nth(candidates, random.nextInt(available));
    }

    /** The choice over a fast connection; -1 for any candidate, {@link #NOTHING} for none now. */
    private int overFast(PieceExchange exchange, int peer, int asked, BitSet candidates) {
        BitSet only = onlyAt(exchange, peer, candidates);
        int piece = pickAmong(only, classes.own());
        if (piece < 0) {
            piece = pickNext(only, asked);
        }
        if (piece < 0 && fillingUp(peer, asked) && !exchange.outstanding(peer).isEmpty()) {
            return NOTHING;
        }
        if (piece < 0) {
            piece = pickAny(only);
        }
        return piece >= 0 ? piece : pickAmong(candidates, classes.own());
    }

    /** The choice over a slow connection: the own class, the next share, the near split; -1 for none of them. */
    private int overSlow(PieceExchange exchange, int peer, int asked, BitSet near, BitSet candidates) {
        int piece = pickAmong(candidates, classes.own());
        if (piece >= 0) {
            return piece;
        }
        shortOfOwnClass.accept(peer);
        piece = pickNext(candidates, asked);
        if (piece >= 0) {
            return piece;
        }
        BitSet ours = classAmong(near, candidates);
        BitSet only = onlyAt(exchange, peer, candidates);
        piece = pickAmong(only, ours);
        return piece >= 0 ? piece : pickAmong(candidates, ours);
    }

    /**
     * Takes out of {@code offer} what this node would not ask {@code peer} for now, so that it wishes
     * only for work it would fetch there ({@link WorkWishes}): over a slow connection, unless the node
     * starves, every piece beyond its own class, the next share and the near split.
     */
    void keepTakable(PieceExchange exchange, int peer, BitSet offer) {
        if (!isGlobal.test(peer) || starvation.starving()) {
            return;
        }
        BitSet near = nearClusters(exchange, peer);
        if (near.isEmpty()) {
            return;
        }
        BitSet takable = classAmong(near, offer);
        takable.or(classes.own());
        takable.or(nextShare(offer, clusterOf.applyAsInt(peer)));
        offer.and(takable);
    }

    /** Whether {@code peer} is a member of a root collective that does not hold every piece yet. */
    private boolean fillingUp(int peer, int asked) {
        return !classes.receives(asked) && !done.test(peer);
    }

    /** The candidates no other global peer announced. */
    private BitSet onlyAt(PieceExchange exchange, int peer, BitSet candidates) {
        BitSet only = (BitSet) candidates.clone();
        only.andNot(exchange.announcedBy(globalPeers.stream().filter(g -> g != peer).toList()));
        return only;
    }

    /** A piece of {@code pieces} at random; -1 when there is none. */
    private int pickAny(BitSet pieces) {
        int count = pieces.cardinality();
        return count == 0 ? -1 : PieceSelection.nth(pieces, random.nextInt(count));
    }

    /** A piece of both sets, at random; -1 when there is none. */
    private int pickAmong(BitSet pieces, BitSet ours) {
        both.clear();
        both.or(pieces);
        both.and(ours);
        int count = both.cardinality();
        return count == 0 ? -1 : PieceSelection.nth(both, random.nextInt(count));
    }

    /**
     * A piece of {@code pieces} of {@code cluster}'s class that this cluster is next for, at random; -1
     * when there is none.
     */
    private int pickNext(BitSet pieces, int cluster) {
        return pickAny(nextShare(pieces, cluster));
    }

    /** The pieces of {@code pieces} of {@code cluster}'s class that this cluster is next for; valid until the next pick. */
    private BitSet nextShare(BitSet pieces, int cluster) {
        both.clear();
        both.or(pieces);
        both.and(classes.next());
        for (int i = both.nextSetBit(0); i >= 0; i = both.nextSetBit(i + 1)) {
            if (classes.classOf(i) != cluster) {
                both.clear(i);
            }
        }
        return both;
    }

    /**
     * The {@link #MOST_NEAR} clusters, other than the asked peer's, of the shortest round trips that are
     * at most a {@link #NEAR}th of the one to {@code peer}: this node's own where it has a global peer
     * there, else one its local peers reported ({@link ClusterRoundTrips}). The round trip to
     * {@code peer} is its own once measured, else the one known to its cluster; none while neither is.
     */
    private BitSet nearClusters(PieceExchange exchange, int peer) {
        BitSet near = new BitSet();
        roundTrips.measure(exchange);
        int askedCluster = clusterOf.applyAsInt(peer);
        long asked = exchange.minRttNanos(peer);
        if (asked == Long.MAX_VALUE) {
            asked = roundTrips.shortest(askedCluster);
        }
        if (asked == Long.MAX_VALUE) {
            return near;
        }
        int found = 0;
        BitSet known = roundTrips.knownClusters();
        for (int c = known.nextSetBit(0); c >= 0; c = known.nextSetBit(c + 1)) {
            long rtt = roundTrips.shortest(c);
            if (c != askedCluster && c != ownCluster && rtt != Long.MAX_VALUE && rtt * NEAR <= asked) {
                found = keepNearest(c, rtt, found);
            }
        }
        for (int i = 0; i < found; i++) {
            near.set(nearest[i]);
        }
        return near;
    }

    /** Keeps {@code cluster} among the {@code found} nearest if it is nearer than the farthest; their new count. */
    private int keepNearest(int cluster, long rtt, int found) {
        if (found == MOST_NEAR && nearestRtt[found - 1] <= rtt) {
            return found;
        }
        int i = found < MOST_NEAR ? found++ : MOST_NEAR - 1;
        while (i > 0 && nearestRtt[i - 1] > rtt) {
            nearest[i] = nearest[i - 1];
            nearestRtt[i] = nearestRtt[i - 1];
            i--;
        }
        nearest[i] = cluster;
        nearestRtt[i] = rtt;
        return found;
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

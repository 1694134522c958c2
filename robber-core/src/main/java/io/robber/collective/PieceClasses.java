package io.robber.collective;

import java.util.BitSet;

/**
 * Each piece's class: one of the group's receiving clusters — every cluster, less the root collectives
 * (§3.3.2, Definition 1) once every member's possession is known — by rendezvous hashing of piece and
 * cluster index. Every node of the group sees the same clusters, so all agree on every piece's class
 * and the classes partition the pieces; a cluster dropping out moves only its own pieces, each to the
 * cluster next in that piece's rendezvous order ({@link #next()}).
 */
final class PieceClasses {
    private final int pieceCount;
    private final int ownCluster;
    private final BitSet clusters;
    /** The pieces of this node's cluster; {@code null} until asked for after a change. */
    private BitSet own;
    /** The pieces this node's cluster is next for; computed with {@link #own}. */
    private BitSet next;

    /** @param clusterCount the group's clusters, {@code ownCluster} among them */
    PieceClasses(int pieceCount, int ownCluster, int clusterCount) {
        this.pieceCount = pieceCount;
        this.ownCluster = ownCluster;
        this.clusters = new BitSet(clusterCount);
        this.clusters.set(0, clusterCount);
    }

    /** The root collectives are known: they receive nothing, so their pieces go to the other clusters. */
    void withoutRoots(BitSet roots) {
        clusters.andNot(roots);
        clusters.set(ownCluster);
        own = null;
    }

    /** Whether {@code cluster} has a class: it receives pieces, it is no root collective. */
    boolean receives(int cluster) {
        return clusters.get(cluster);
    }

    /** The pieces of this node's cluster's class. */
    BitSet own() {
        if (own == null) {
            own = new BitSet(pieceCount);
            next = new BitSet(pieceCount);
            int[] receiving = clusters.stream().toArray();
            for (int piece = 0; piece < pieceCount; piece++) {
                int[] firstTwo = firstTwo(piece, receiving);
                if (firstTwo[0] == ownCluster) {
                    own.set(piece);
                } else if (firstTwo[1] == ownCluster) {
                    next.set(piece);
                }
            }
        }
        return own;
    }

    /**
     * The pieces of other clusters' classes that would be this node's cluster's if their cluster dropped
     * out: it comes second in their rendezvous order. Of the pieces a cluster holds of its own class, a
     * node asks it first for these, so that the clusters asking one holder share its class out among
     * them, each piece to one of them.
     */
    BitSet next() {
        own();
        return next;
    }

    /** The cluster whose class {@code piece} is in. */
    int classOf(int piece) {
        return classOf(piece, ownCluster, clusters);
    }

    /** The cluster of {@code own} and {@code clusters} whose class {@code piece} is in. */
    static int classOf(int piece, int own, BitSet clusters) {
        int best = own;
        long bestWeight = weight(piece, own);
        for (int c = clusters.nextSetBit(0); c >= 0; c = clusters.nextSetBit(c + 1)) {
            long w = weight(piece, c);
            if (w > bestWeight) {
                best = c;
                bestWeight = w;
            }
        }
        return best;
    }

    /** Of {@code receiving}, the clusters of the two highest weights for {@code piece}, the highest first. */
    private static int[] firstTwo(int piece, int[] receiving) {
        int first = -1;
        int second = -1;
        long firstWeight = Long.MIN_VALUE;
        long secondWeight = Long.MIN_VALUE;
        for (int c : receiving) {
            long w = weight(piece, c);
            if (first < 0 || w > firstWeight) {
                second = first;
                secondWeight = firstWeight;
                first = c;
                firstWeight = w;
            } else if (second < 0 || w > secondWeight) {
                second = c;
                secondWeight = w;
            }
        }
        return new int[] {first, second};
    }

    /** Rendezvous weight of {@code piece} for {@code cluster}: a SplitMix64 finaliser of both. */
    static long weight(int piece, int cluster) {
        long z = ((long) piece << 32 | cluster) + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

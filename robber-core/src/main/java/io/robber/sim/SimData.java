package io.robber.sim;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.transport.LoopbackLayout;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntFunction;

/** Groups, data sets and initial placements of pieces for simulations. */
public final class SimData {
    private SimData() {
    }

    /**
     * A group with one cluster per size, named c0, c1, ...; members are named c{k}n{i} and listed
     * cluster by cluster, so member index = sum of earlier sizes + rank. Addresses (unused in a
     * simulation) follow the {@link LoopbackLayout}.
     */
    public static Group clusters(int... sizes) {
        return LoopbackLayout.group(4000, sizes);
    }

    /** The member index of rank {@code rank} in cluster c{cluster}. */
    public static int member(Group group, int cluster, int rank) {
        return group.collective("c" + cluster).get(rank);
    }

    /** P pieces of {@code pieceSize} bytes with zero digests: nothing verifies data in a simulation. */
    public static Manifest manifest(int pieceCount, int pieceSize) {
        return Manifest.of((long) pieceCount * pieceSize, pieceSize, new byte[pieceCount * Manifest.DIGEST_LENGTH]);
    }

    /** The given members hold everything, the others nothing. */
    public static IntFunction<BitSet> roots(int pieceCount, int... roots) {
        BitSet rootSet = new BitSet();
        for (int r : roots) {
            rootSet.set(r);
        }
        return m -> {
            BitSet b = new BitSet();
            if (rootSet.get(m)) {
                b.set(0, pieceCount);
            }
            return b;
        };
    }

    /**
     * Striping: the members of {@code cluster} each hold a contiguous part of the data (member of rank r
     * the r-th of |C| near-equal ranges), the others nothing.
     */
    public static IntFunction<BitSet> striped(Group group, String cluster, int pieceCount) {
        List<Integer> collective = group.collective(cluster);
        return m -> {
            BitSet b = new BitSet();
            int rank = collective.indexOf(m);
            if (rank >= 0) {
                b.set(range(rank, collective.size(), pieceCount), range(rank + 1, collective.size(), pieceCount));
            }
            return b;
        };
    }

    /**
     * No root collective: piece i is held only by the member of rank 0 of cluster i mod (number of
     * clusters), so no cluster holds everything (with at least two clusters and two pieces).
     */
    public static IntFunction<BitSet> scattered(Group group, int pieceCount) {
        int clusters = group.clusters().size();
        return m -> {
            BitSet b = new BitSet();
            if (group.rank(m) == 0) {
                for (int i = group.clusterIndex(m); i < pieceCount; i += clusters) {
                    b.set(i);
                }
            }
            return b;
        };
    }

    private static int range(int k, int parts, int total) {
        return (int) (((long) k * total + parts - 1) / parts);
    }
}

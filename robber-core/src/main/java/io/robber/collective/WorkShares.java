package io.robber.collective;

import java.util.BitSet;

/** The initial equal, contiguous work shares of §3.1. */
public final class WorkShares {
    private WorkShares() {
    }

    /** work(n) = { i : ⌈r·P/|C|⌉ ≤ i < ⌈(r+1)·P/|C|⌉ }. */
    public static BitSet share(int rank, int collectiveSize, int pieceCount) {
        BitSet work = new BitSet(pieceCount);
        int from = (int) CollectivePeerGraph.ceilDiv((long) rank * pieceCount, collectiveSize);
        int to = (int) CollectivePeerGraph.ceilDiv((long) (rank + 1) * pieceCount, collectiveSize);
        work.set(from, to);
        return work;
    }
}

package io.robber.mob;

import io.robber.api.Group;
import io.robber.engine.PeerGraph;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * Whether a static division of work can bring every piece to every cluster. Without stealing, a piece
 * enters a cluster only through the one member whose work holds it, requesting it from its global
 * peers; so a cluster gets piece i iff some member of it held i at the start, or the owner of i in it
 * has a global peer in a cluster that gets i. This computes that least fixpoint. With clusters of
 * different sizes it can fail even with a root collective: e.g. a root alone in its cluster is a
 * global peer of the rank-0 members only (§3.1 phase 2), so no other member's work ever arrives.
 */
final class StaticWorkCoverage {
    private StaticWorkCoverage() {
    }

    /** Empty when every cluster eventually gets every piece, else the first gap in one line. */
    static Optional<String> check(Group group, PeerGraph graph, IntFunction<BitSet> workOf, List<BitSet> possessions,
                                  int pieceCount) {
        int clusters = group.clusters().size();
        BitSet[] has = new BitSet[clusters];
        for (int c = 0; c < clusters; c++) {
            has[c] = new BitSet(pieceCount);
        }
        BitSet[] work = new BitSet[group.size()];
        for (int m = 0; m < group.size(); m++) {
            has[group.clusterIndex(m)].or(possessions.get(m));
            work[m] = workOf.apply(m);
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int x = 0; x < group.size(); x++) {
                BitSet mine = has[group.clusterIndex(x)];
                for (int y : graph.neighbours(x)) {
                    if (group.sameCluster(x, y)) {
                        continue;
                    }
                    BitSet gain = (BitSet) work[x].clone();
                    gain.and(has[group.clusterIndex(y)]);
                    gain.andNot(mine);
                    if (!gain.isEmpty()) {
                        mine.or(gain);
                        changed = true;
                    }
                }
            }
        }
        for (int c = 0; c < clusters; c++) {
            int missing = pieceCount - has[c].cardinality();
            if (missing > 0) {
                int piece = has[c].nextClearBit(0);
                String cluster = group.clusters().get(c);
                String owner = group.collective(cluster).stream().filter(m -> work[m].get(piece))
                        .map(m -> group.member(m).id()).findFirst().orElse("nobody");
                return Optional.of("mob cannot deliver " + missing + " pieces to cluster " + cluster + " (first: piece "
                        + piece + ", work of " + owner + ", whose global peers never get it): static work cannot"
                        + " serve this placement, use protocol robber, whose work stealing can");
            }
        }
        return Optional.empty();
    }
}

package io.robber.collective;

import io.robber.api.Group;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/** Definition 1 of §3.3.2: a root collective is one whose members together hold all data. */
public final class RootCollectives {
    private RootCollectives() {
    }

    /** Empty when at least one root collective exists, else the problem in one line. */
    public static Optional<String> check(Group group, List<BitSet> possessions, int pieceCount) {
        if (!of(group, possessions, pieceCount).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("no root collective: no cluster's members together hold all " + pieceCount
                + " pieces, so the multicast could deadlock (Robber §3.3.2); give one cluster the whole data set");
    }

    /** The clusters (by {@link Group#clusterIndex index}) whose collectives are root collectives. */
    public static BitSet of(Group group, List<BitSet> possessions, int pieceCount) {
        BitSet roots = new BitSet();
        List<String> clusters = group.clusters();
        for (int c = 0; c < clusters.size(); c++) {
            BitSet union = new BitSet(pieceCount);
            for (int member : group.collective(clusters.get(c))) {
                union.or(possessions.get(member));
            }
            if (union.nextClearBit(0) >= pieceCount) {
                roots.set(c);
            }
        }
        return roots;
    }
}

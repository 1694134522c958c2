package io.robber.collective;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.Member;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class RootCollectivesTest {
    private static final int PIECES = 12;
    /** Cluster "a" holds members 0, 2, 4; cluster "b" holds members 1, 3, 5. */
    private final Group group = new Group(List.of(member("0", "a"), member("1", "b"), member("2", "a"),
            member("3", "b"), member("4", "a"), member("5", "b")));

    @Test
    void singleRootMakesItsClusterARootCollective() {
        List<BitSet> possessions = nothing();
        possessions.set(3, range(0, PIECES));

        assertThat(RootCollectives.check(group, possessions, PIECES)).isEmpty();
    }

    @Test
    void severalRootsInDifferentClustersAreFine() {
        List<BitSet> possessions = nothing();
        possessions.set(0, range(0, PIECES));
        possessions.set(5, range(0, PIECES));

        assertThat(RootCollectives.check(group, possessions, PIECES)).isEmpty();
    }

    @Test
    void dataStripedAcrossOneClusterMakesARootCollective() {
        List<BitSet> possessions = nothing();
        possessions.set(1, range(0, 4));
        possessions.set(3, range(4, 9));
        possessions.set(5, range(9, PIECES));

        assertThat(RootCollectives.check(group, possessions, PIECES)).isEmpty();
    }

    @Test
    void dataScatteredAcrossClustersHasNoRootCollective() {
        List<BitSet> possessions = nothing();
        possessions.set(0, range(0, 6));
        possessions.set(2, range(6, 11));
        possessions.set(1, range(11, PIECES));

        assertThat(RootCollectives.check(group, possessions, PIECES)).hasValueSatisfying(problem -> assertThat(problem)
                .startsWith("no root collective")
                .contains("all 12 pieces"));
    }

    @Test
    void nobodyHoldingAnythingHasNoRootCollective() {
        assertThat(RootCollectives.check(group, nothing(), PIECES)).isPresent();
    }

    @Test
    void piecesBeyondTheDataSetDoNotCount() {
        List<BitSet> possessions = nothing();
        BitSet almost = range(0, PIECES - 1);
        almost.set(PIECES + 5);
        possessions.set(0, almost);

        assertThat(RootCollectives.check(group, possessions, PIECES)).isPresent();
    }

    @Test
    void emptyDataSetNeedsNoRoot() {
        assertThat(RootCollectives.check(group, nothing(), 0)).isEmpty();
    }

    private List<BitSet> nothing() {
        List<BitSet> possessions = new ArrayList<>();
        for (int i = 0; i < group.size(); i++) {
            possessions.add(new BitSet());
        }
        return possessions;
    }

    private static BitSet range(int from, int to) {
        BitSet set = new BitSet();
        set.set(from, to);
        return set;
    }

    private static Member member(String id, String cluster) {
        return Member.of(id, cluster, "127.0.0.1", 7000);
    }
}

package io.robber.mob;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.engine.PeerGraph;
import io.robber.sim.SimData;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class StaticWorkCoverageTest {
    private static final int P = 10;
    // c0 = {0}, c1 = {1, 2}, c2 = {3, 4}
    private final Group group = SimData.clusters(1, 2, 2);
    private final List<BitSet> rootAtZero = List.of(all(), new BitSet(), new BitSet(), new BitSet(), new BitSet());

    @Test
    void secondHalvesWhoseOwnersOnlySeeEachOtherNeverArrive() {
        // Rank 0 of c1 and c2 reach the root; rank 1 of c1 and c2 only reach each other.
        PeerGraph graph = new PeerGraph.Builder(5).connect(1, 2).connect(3, 4)
                .connect(0, 1).connect(0, 3).connect(2, 4).build();

        assertThat(StaticWorkCoverage.check(group, graph, m -> MobProtocol.work(group, graph, m, P), rootAtZero, P))
                .hasValueSatisfying(reason -> assertThat(reason)
                        .startsWith("mob cannot deliver 5 pieces to cluster c1 (first: piece 5, work of c1n1"));
    }

    @Test
    void anOwnerWithAPathToTheRootIsEnough() {
        // c1n1 now also reaches the root; c2n1 gets the second half from c1n1's cluster.
        PeerGraph graph = new PeerGraph.Builder(5).connect(1, 2).connect(3, 4)
                .connect(0, 1).connect(0, 3).connect(2, 4).connect(0, 2).build();

        assertThat(StaticWorkCoverage.check(group, graph, m -> MobProtocol.work(group, graph, m, P), rootAtZero, P))
                .isEmpty();
    }

    private static BitSet all() {
        BitSet b = new BitSet();
        b.set(0, P);
        return b;
    }
}

package io.robber.balanced;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.planning.Capacities;
import io.robber.planning.MonitoringData;
import io.robber.engine.PeerGraph;
import io.robber.sim.SimData;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/** The node-level overlay: every strand reaches every member once, and NICs carry their share only. */
class OverlayTest {

    /** Three clusters of four; A–B fast, the rest slower: several trees. */
    private static final String THREE_CLUSTERS = """
            {"clusters": [{"name": "c0", "nodes": 4}, {"name": "c1", "nodes": 4}, {"name": "c2", "nodes": 4}],
             "bandwidth": [[null, "8MB/s", "4MB/s"], ["8MB/s", null, "6MB/s"], ["4MB/s", "6MB/s", null]]}
            """;

    /** Two clusters of 4 whose first two nodes have a tenth of the others' NIC, as in test case 4. */
    private static final String HETEROGENEOUS = """
            {"clusters": [
               {"name": "c0", "nodes": 4, "nodeIn": ["1MB/s", "1MB/s", "10MB/s", "10MB/s"],
                "nodeOut": ["1MB/s", "1MB/s", "10MB/s", "10MB/s"]},
               {"name": "c1", "nodes": 4, "nodeIn": ["1MB/s", "1MB/s", "10MB/s", "10MB/s"],
                "nodeOut": ["1MB/s", "1MB/s", "10MB/s", "10MB/s"]}],
             "bandwidth": [[null, "1Gbit/s"], ["1Gbit/s", null]]}
            """;

    @Test
    void everyStrandOfEveryTreeIsASpanningTreeFromTheRoot() {
        Group group = SimData.clusters(4, 4, 4);
        for (int root : new int[] {0, 6}) {
            Overlay overlay = overlay(group, root, THREE_CLUSTERS);
            assertThat(overlay.treeCount()).isGreaterThan(1);
            for (int t = 0; t < overlay.treeCount(); t++) {
                for (int s = 0; s < Overlay.STRANDS; s++) {
                    assertSpanningTree(group, overlay, root, t, s);
                }
            }
        }
    }

    @Test
    void treeRatesAddUpToThePlannedMaximum() {
        Overlay overlay = overlay(SimData.clusters(4, 4, 4), 0, THREE_CLUSTERS);
        double total = 0;
        for (int t = 0; t < overlay.treeCount(); t++) {
            total += overlay.rate(t);
        }
        // c2 takes in at most 4 + 6 MB/s, and the trees reach exactly that
        assertThat(total).isCloseTo(10e6, org.assertj.core.api.Assertions.within(1.0));
    }

    /** The planner counts a cluster's NICs together; the strands spread that load back over them. */
    @Test
    void noNicIsPlannedBeyondWhatItReports() {
        Group group = SimData.clusters(4, 4);
        Capacities monitoring = MonitoringData.parse(HETEROGENEOUS);
        ClusterTrees plan = ClusterTrees.plan(group, 0, monitoring);
        Overlay overlay = new Overlay(group, 0, plan);
        assertThat(plan.rate()).isCloseTo(22e6, org.assertj.core.api.Assertions.within(1.0));
        double[] in = new double[group.size()];
        double[] out = new double[group.size()];
        for (int t = 0; t < overlay.treeCount(); t++) {
            double perStrand = overlay.rate(t) / Overlay.STRANDS;
            for (int s = 0; s < Overlay.STRANDS; s++) {
                for (int m = 0; m < group.size(); m++) {
                    for (int target : overlay.targets(m, t, s)) {
                        if (!group.sameCluster(m, target)) {
                            out[m] += perStrand;
                            in[target] += perStrand;
                        }
                    }
                }
            }
        }
        for (int m = 0; m < group.size(); m++) {
            // within one strand of the exact share
            double slack = plan.rate() / Overlay.STRANDS;
            assertThat(in[m]).as("WAN in of %s", group.member(m).id()).isLessThanOrEqualTo(plan.nicIn()[m] + slack);
            assertThat(out[m]).as("WAN out of %s", group.member(m).id()).isLessThanOrEqualTo(plan.nicOut()[m] + slack);
        }
        // and the slow NICs are used, not skipped
        assertThat(in[group.collective("c1").get(0)]).isGreaterThan(0.9e6);
    }

    /** Exits and gateways are apportioned in the same order, so WAN links stay few. */
    @Test
    void eachNodeHasFewPeersInOtherClusters() {
        Group group = SimData.clusters(16, 16, 16);
        PeerGraph graph = overlay(group, 0, THREE_CLUSTERS.replace("\"nodes\": 4", "\"nodes\": 16")).graph();
        for (int m = 0; m < group.size(); m++) {
            int member = m;
            long global = graph.neighbours(m).stream().filter(p -> !group.sameCluster(member, p)).count();
            assertThat(global).as("global peers of %s", group.member(m).id()).isLessThanOrEqualTo(2 * 2 * 2);
        }
    }

    @Test
    void apportionGivesRunsProportionalToRates() {
        int[] owner = Overlay.apportion(java.util.List.of(0, 1, 2), new double[] {1, 3, Double.POSITIVE_INFINITY});
        int[] counts = new int[3];
        for (int o : owner) {
            counts[o]++;
        }
        // the unlimited NIC counts as the fastest limited one: 1 : 3 : 3
        assertThat(counts[0]).isBetween(Overlay.STRANDS / 7 - 1, Overlay.STRANDS / 7 + 1);
        assertThat(counts[1]).isBetween(3 * Overlay.STRANDS / 7 - 1, 3 * Overlay.STRANDS / 7 + 1);
        assertThat(owner[0]).isZero();
        assertThat(owner[Overlay.STRANDS - 1]).isEqualTo(2);
    }

    private static void assertSpanningTree(Group group, Overlay overlay, int root, int tree, int strand) {
        BitSet reached = new BitSet();
        Deque<Integer> queue = new ArrayDeque<>();
        queue.add(root);
        reached.set(root);
        assertThat(overlay.upstream(root, tree, strand)).isEqualTo(-1);
        while (!queue.isEmpty()) {
            int m = queue.poll();
            for (int target : overlay.targets(m, tree, strand)) {
                assertThat(reached.get(target)).as("tree %d strand %d reaches %s twice", tree, strand,
                        group.member(target).id()).isFalse();
                assertThat(overlay.upstream(target, tree, strand)).isEqualTo(m);
                reached.set(target);
                queue.add(target);
            }
        }
        assertThat(reached.cardinality()).as("tree %d strand %d", tree, strand).isEqualTo(group.size());
    }

    private static Overlay overlay(Group group, int root, String monitoring) {
        return new Overlay(group, root, ClusterTrees.plan(group, root, MonitoringData.parse(monitoring)));
    }
}

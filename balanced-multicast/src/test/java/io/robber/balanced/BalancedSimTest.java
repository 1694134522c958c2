package io.robber.balanced;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.planning.Capacities;
import io.robber.planning.MonitoringData;
import io.robber.testkit.CompletionScenarios;
import io.robber.testkit.CompletionScenarios.Scenario;
import io.robber.testkit.ForgedPieces;
import io.robber.sim.LinkModel;
import io.robber.sim.NodeStats;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Balanced Multicasting on the virtual-time network. */
class BalancedSimTest {
    private static final int PIECE_SIZE = 64 * 1024;

    static Stream<Scenario> singleRoot() {
        return CompletionScenarios.all().stream()
                .filter(s -> s.name().contains("one root") || s.name().contains("P ="));
    }

    /** Without monitoring data: one unshaped tree. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("singleRoot")
    void everyNodeEndsWithEveryPieceAndNoDuplicates(Scenario scenario) {
        Group group = scenario.group();
        int root = rootOf(scenario, group);
        SimResult result = SimNetwork.builder(group, new BalancedProtocol())
                .options(ProtocolOptions.defaults(7).with(BalancedProtocol.ROOT, group.member(root).id()))
                .pieces(scenario.pieceCount(), PIECE_SIZE)
                .possession(scenario.possession(group))
                .seed(11)
                .run();

        result.assertAllComplete();
        assertThat(result.total(NodeStats::duplicates)).isZero();
    }

    @Test
    void shapedTreesFromMonitoringDataDeliverEverything() {
        Group group = SimData.clusters(4, 4, 4);
        String monitoring = """
                {"clusters": [{"name": "c0", "nodes": 4}, {"name": "c1", "nodes": 4}, {"name": "c2", "nodes": 4}],
                 "bandwidth": [[null, "8MB/s", "4MB/s"], ["8MB/s", null, "6MB/s"], ["4MB/s", "6MB/s", null]]}
                """;
        SimResult result = SimNetwork.builder(group, new BalancedProtocol())
                .options(ProtocolOptions.defaults(7).with(Capacities.MONITORING, MonitoringData.parse(monitoring)))
                .pieces(200, PIECE_SIZE)
                .possession(m -> m == 0 ? allOf(200) : new BitSet())
                .links(LinkModel.lanWan(group))
                .seed(11)
                .run();

        result.assertAllComplete();
        assertThat(result.total(NodeStats::duplicates)).isZero();
        // every piece entered each of the two other clusters once
        for (String cluster : List.of("c1", "c2")) {
            assertThat(result.sum(cluster, NodeStats::piecesFromGlobal)).as(cluster).isEqualTo(200);
        }
    }

    /** Issue 14: a piece pushed by anyone but the receiver's upstream node on the piece's tree is refused. */
    @Test
    void piecesFromAMemberThatIsNotTheUpstreamAreRefused() {
        Group group = SimData.clusters(4, 4);
        ProtocolOptions options = ProtocolOptions.defaults(7).with(BalancedProtocol.ROOT, group.member(0).id());
        int hostile = 5;
        List<Integer> neighbours = new BalancedProtocol().plan(group, options).graph().neighbours(hostile);

        ForgedPieces.assertRefusedUnlessFromTheUpstream(() -> SimNetwork.builder(group, new BalancedProtocol())
                .options(options)
                .pieces(64, PIECE_SIZE)
                .possession(m -> m == 0 ? allOf(64) : new BitSet())
                .seed(11), group, hostile, neighbours, 16);
    }

    private static BitSet allOf(int pieces) {
        BitSet all = new BitSet();
        all.set(0, pieces);
        return all;
    }

    /** The member holding every piece (with no pieces, the first). */
    private static int rootOf(Scenario scenario, Group group) {
        for (int m = 0; m < group.size(); m++) {
            if (scenario.possession(group).apply(m).cardinality() == scenario.pieceCount()) {
                return m;
            }
        }
        throw new IllegalStateException("no root in " + scenario);
    }
}

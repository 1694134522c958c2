package io.robber.balanced;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.Group;
import io.robber.engine.PeerGraph;
import io.robber.api.ProtocolOptions;
import io.robber.engine.ProtocolPlan;
import io.robber.engine.Protocols;
import io.robber.planning.Capacities;
import io.robber.planning.MonitoringData;
import io.robber.sim.SimData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BalancedProtocolTest {
    private static final String TWO_CLUSTERS = """
            {"clusters": [{"name": "c0", "nodes": 2}, {"name": "c1", "nodes": 2}],
             "bandwidth": [[null, "2MB/s"], ["2MB/s", null]]}
            """;
    private final BalancedProtocol protocol = new BalancedProtocol();
    private final Group group = SimData.clusters(2, 2);

    @Test
    void isFoundByName() {
        assertThat(Protocols.byName("balanced")).isInstanceOf(BalancedProtocol.class);
    }

    @Test
    void theRootMustHoldTheWholeDataSet() {
        ProtocolOptions options = ProtocolOptions.defaults(1)
                .with(Capacities.MONITORING, MonitoringData.parse(TWO_CLUSTERS))
                .with(BalancedProtocol.ROOT, "c1n1");
        ProtocolPlan plan = protocol.plan(group, options);
        BitSet all = new BitSet();
        all.set(0, 10);
        List<BitSet> rootlessPlacement = List.of(all, new BitSet(), new BitSet(), new BitSet());

        assertThat(plan.checkPossession(rootlessPlacement, 10))
                .hasValueSatisfying(problem -> assertThat(problem).contains("c1n1", "holds 0 of 10 pieces"));
        assertThat(plan.checkPossession(List.of(new BitSet(), new BitSet(), new BitSet(), all), 10)).isEmpty();
        assertThat(plan.options()).isEqualTo(new BalancedProtocol.Options(3, options.get(Capacities.MONITORING)
                .orElseThrow()));
    }

    @Test
    void anUnknownRootIsNamed() {
        ProtocolOptions options = ProtocolOptions.defaults(1).with(BalancedProtocol.ROOT, "nobody");
        assertThatThrownBy(() -> protocol.plan(group, options))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("balanced.root=nobody is not a member of the group; members: [c0n0, c0n1, c1n0, c1n1]");
    }

    @Test
    void anUnknownOptionIsNamedWithTheKnownOnes() {
        ProtocolOptions options = ProtocolOptions.defaults(1).with("balanced.roots", "c0n0");
        assertThatThrownBy(() -> protocol.plan(group, options))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown option balanced.roots; balanced knows [balanced.root]");
    }

    @Test
    void monitoringDataMustDescribeTheGroup() {
        ProtocolOptions missingCluster = ProtocolOptions.defaults(1).with(Capacities.MONITORING,
                MonitoringData.parse(TWO_CLUSTERS.replace("\"c1\"", "\"elsewhere\"")));
        assertThatThrownBy(() -> protocol.plan(group, missingCluster))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no cluster c1");

        ProtocolOptions wrongSize = ProtocolOptions.defaults(1).with(BalancedProtocol.MONITORING_JSON,
                TWO_CLUSTERS.replace("{\"name\": \"c1\", \"nodes\": 2}", "{\"name\": \"c1\", \"nodes\": 3}"));
        assertThatThrownBy(() -> protocol.plan(group, wrongSize))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3 nodes, the group has 2");
    }

    @Test
    void monitoringDataCanComeFromAFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("monitoring.json"), TWO_CLUSTERS);
        PeerGraph graph = protocol.plan(group,
                ProtocolOptions.defaults(1).with(BalancedProtocol.MONITORING_FILE, file.toString())).graph();
        // one tree c0 → c1: the root fans out to its cluster mate, exits send to the gateways
        assertThat(graph.connected(0, 1)).isTrue();
        assertThat(graph.neighbours(2).stream().anyMatch(p -> !group.sameCluster(2, p))).isTrue();

        ProtocolOptions missing = ProtocolOptions.defaults(1).with(BalancedProtocol.MONITORING_FILE,
                dir.resolve("absent.json").toString());
        assertThatThrownBy(() -> protocol.plan(group, missing)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("absent.json").hasMessageContaining("option monitoring-file");
    }

    /** The monitoring data's options have no prefix: only those two keys are Balanced's, nothing else bare. */
    @Test
    void itsOptionsAreKnownAndNoOtherBareKey(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("monitoring.json"), TWO_CLUSTERS);
        ProtocolOptions options = ProtocolOptions.defaults(1).with(BalancedProtocol.MONITORING_FILE, file.toString())
                .with(BalancedProtocol.ROOT, "c0n0");
        assertThat(Protocols.plan(protocol, group, options).graph().connected(0, 1)).isTrue();

        assertThatThrownBy(() -> Protocols.plan(protocol, group, options.with("monitoring-fil", file.toString())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown option monitoring-fil: no protocol on the class path takes it")
                .hasMessageContaining("known prefixes: balanced., exchange.")
                .hasMessageContaining("options without a prefix: monitoring, monitoring-file");
    }
}

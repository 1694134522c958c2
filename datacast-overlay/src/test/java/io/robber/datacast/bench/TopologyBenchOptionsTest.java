package io.robber.datacast.bench;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.datacast.steiner.Group;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologySpec;
import io.robber.engine.KnownOptions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The data-center protocols declare the keys they read, and the topology bench refuses, before any run,
 * an option that neither it nor a protocol on the class path reads, even for a fabric run that plans
 * no protocol.
 */
class TopologyBenchOptionsTest {
    private final Topology topology = TopologySpec.parse("bcube:4,1");
    private final Group group = TopologyBench.randomGroup(topology.network(), 5, 3);

    @Test
    void theDataCenterProtocolsDeclareTheirKeys() {
        assertThatCode(() -> KnownOptions.onClassPath().check(Map.of("datacast.topology", "bcube:4,1",
                "datacast.window", "8", "rdcm.window", "8", "rdcm.repair-timeout", "1s", "mctcp.routing", "sp",
                "mctcp.evict-after", "2s"))).doesNotThrowAnyException();
    }

    @Test
    void anOptionNoOneReadsIsRefusedForAFabricRun() {
        TopologyBench bench = new TopologyBench(topology, 1_000_000, 3, Map.of("robber.nonsense", "1"));

        for (String protocol : List.of("rdcm", "datacast", "mctcp", "bt-cornet")) {
            assertThatThrownBy(() -> bench.checkOptions(protocol, group)).as(protocol)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("unknown option robber.nonsense: no protocol on the class path takes "
                            + "options under 'robber.'");
        }
    }

    @Test
    void rdcmsCongestionControlIsTheBenchsOwnAndAMisspellingNamesBoth() {
        assertThatCode(() -> new TopologyBench(topology, 1_000_000, 3, Map.of(TopologyBench.RDCM_CONGESTION_CONTROL,
                "bic")).checkOptions("rdcm", group)).doesNotThrowAnyException();

        TopologyBench misspelt = new TopologyBench(topology, 1_000_000, 3, Map.of("rdcm.congestion", "bic"));
        assertThatThrownBy(() -> misspelt.checkOptions("rdcm", group))
                .hasMessageStartingWith("unknown option rdcm.congestion; rdcm knows [")
                .hasMessageEndingWith("; the topology bench knows [rdcm.congestion-control, rdcm.reactivation]");
    }
}

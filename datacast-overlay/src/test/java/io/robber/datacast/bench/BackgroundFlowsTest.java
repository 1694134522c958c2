package io.robber.datacast.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.datacast.background.FlowSizes;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.timeline.Timeline;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologySpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Background flows on the bench's fabric: parsed from their specs, sharing the links with rdcm and mctcp. */
class BackgroundFlowsTest {
    private final Topology topology = TopologySpec.parse("bcube:4,1");
    private final Network network = topology.network();
    private final TopologyBench bench = new TopologyBench(topology, 2_000_000, 3);
    private final Group group = TopologyBench.randomGroup(network, 10, 3);

    @Test
    void specsNameAMixWithItsLoadAndIperfFlowsBetweenServers() {
        BackgroundFlows flows = BackgroundFlows.parse(List.of("websearch:0.3", "iperf:00-13", "iperf:21-02"), network);
        assertThat(flows.mix()).isEqualTo(new BackgroundFlows.Mix(FlowSizes.WEB_SEARCH, 0.3));
        assertThat(flows.iperfs()).containsExactly(
                new BackgroundFlows.Iperf(network.node("00").index(), network.node("13").index()),
                new BackgroundFlows.Iperf(network.node("21").index(), network.node("02").index()));
        assertThat(BackgroundFlows.parse(List.of("DataMining:1"), network).mix().sizes())
                .isEqualTo(FlowSizes.DATA_MINING);
        assertThat(BackgroundFlows.parse(List.of(), network).any()).isFalse();
    }

    @Test
    void badSpecsGetOneLineErrors() {
        assertThatThrownBy(() -> parse("websearch")).hasMessageContaining("needs a load after the colon");
        assertThatThrownBy(() -> parse("websearch:1.5")).hasMessageContaining("(0, 1]");
        assertThatThrownBy(() -> parse("websearch:0.2", "datamining:0.2")).hasMessageContaining("one flow-size mix");
        assertThatThrownBy(() -> parse("iperf:00")).hasMessageContaining("iperf:A-B");
        assertThatThrownBy(() -> parse("iperf:00-00")).hasMessageContaining("to itself");
        assertThatThrownBy(() -> parse("iperf:00-<0,0>")).hasMessageContaining("is a switch");
        assertThatThrownBy(() -> parse("iperf:00-99")).hasMessageContaining("no node '99'");
        assertThatThrownBy(() -> parse("cbr:10")).hasMessageContaining("unknown background 'cbr:10'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"rdcm", "mctcp"})
    void aTreeMulticastFinishesBesideBackgroundFlowsThatStopWhenItIsDone(String protocol) {
        TopologyRun alone = bench.run(protocol, group, 1);
        BackgroundFlows background = BackgroundFlows.parse(List.of("websearch:0.5", "iperf:"
                + group.source().name() + "-" + group.receivers().get(0).name()), network);
        Timeline timeline = bench.timeline(group);
        TopologyRun loaded = bench.run(protocol, group, 1, new FabricEvents(0, List.of(), List.of(), background),
                timeline);
        assertThat(loaded.complete()).as(loaded.error()).isTrue();
        assertThat(loaded.linkStress()).as("the links carry other flows too").isNaN();
        assertThat(loaded.events()).as("the flows ran").isGreaterThan(alone.events());
        if (protocol.equals("mctcp")) {
            assertThat(loaded.finishSeconds()).as("mctcp's window shares the links").isGreaterThan(alone.finishSeconds());
        } else {
            assertThat(loaded.finishSeconds()).as("rdcm sends at a constant rate (§3.5 is not built)")
                    .isGreaterThanOrEqualTo(alone.finishSeconds());
        }
        assertThat(loaded.events()).as("the flows stopped when the multicast was done, not at the run's limit, "
                + "100 times the ideal later").isLessThan(50 * alone.events());
        assertThat(timeline.series()).contains(new Timeline.Series(group.source().index(), Timeline.Kind.SENT));
    }

    @Test
    void rdcmIgnoresAFailureReportAboutARingTheOverlayNoLongerHas() {
        // Web search flows at 60% load make RDCM's fixed 1 ms timeout report live receivers failed; the
        // manager took receivers out of the group while one of them still reported about its old ring.
        Topology fattree = TopologySpec.parse("fattree:4,3");
        Group eight = TopologyBench.randomGroup(fattree.network(), 8, 3);
        BackgroundFlows heavy = BackgroundFlows.parse(List.of("websearch:0.6"), fattree.network());
        TopologyRun run = new TopologyBench(fattree, 5_000_000, 3).run("rdcm", eight, 1,
                new FabricEvents(0, List.of(), List.of(), heavy), null);
        assertThat(run.receivers()).isEqualTo(8);
        assertThat(run.complete() || run.error().contains("receivers reported failed")).as(run.error()).isTrue();
    }

    @Test
    void rdcmsCongestionControlBesideWebSearchFlowsCompletesWithFewerDuplicateRepairs() {
        Topology fattree = TopologySpec.parse("fattree:4,3");
        Group everyone = TopologyBench.randomGroup(fattree.network(), 15, 42);
        FabricEvents events = new FabricEvents(0, List.of(), List.of(),
                BackgroundFlows.parse(List.of("websearch:0.3"), fattree.network()));
        TopologyRun constant = new TopologyBench(fattree, 10_000_000, 42).run("rdcm", everyone, 1, events, null);
        TopologyRun bic = new TopologyBench(fattree, 10_000_000, 42,
                Map.of(TopologyBench.RDCM_CONGESTION_CONTROL, "bic")).run("rdcm", everyone, 1, events, null);
        assertThat(bic.complete()).as(bic.error()).isTrue();
        assertThat(bic.duplicateRatio()).as("fewer packets lost on the tree, fewer repaired twice")
                .isLessThan(constant.duplicateRatio());
        assertThatThrownBy(() -> new TopologyBench(fattree, 10_000_000, 42,
                Map.of(TopologyBench.RDCM_CONGESTION_CONTROL, "cubic")).run("rdcm", everyone, 1, events, null))
                .hasMessageContaining("rdcm.congestion-control is bic or none");
    }

    @Test
    void datacastAndTheSwarmsRefuseBackgroundFlows() {
        FabricEvents events = new FabricEvents(0, List.of(), List.of(), BackgroundFlows.parse(List.of("iperf:00-13"),
                network));
        assertThatThrownBy(() -> bench.run("datacast", group, 1, events, null)).hasMessageContaining("background flows");
        assertThatThrownBy(() -> bench.run("bt-cornet", group, 1, events, null)).hasMessageContaining("not to bt-cornet");
    }

    private BackgroundFlows parse(String... specs) {
        return BackgroundFlows.parse(List.of(specs), network);
    }
}

package io.robber.datacast.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.datacast.steiner.Group;
import io.robber.datacast.timeline.Timeline;
import io.robber.datacast.timeline.Timeline.Kind;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologySpec;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** rdcm and mctcp beside datacast on the fabric through {@link TopologyBench}, with loss, failures and a timeline. */
class FabricRunsTest {
    private static final long MS = 1_000_000L;
    private final Topology topology = TopologySpec.parse("bcube:4,1");
    private final Network network = topology.network();
    private final TopologyBench bench = new TopologyBench(topology, 2_000_000, 3);
    private final Group group = TopologyBench.randomGroup(network, 10, 3);

    @ParameterizedTest
    @ValueSource(strings = {"datacast", "rdcm", "mctcp"})
    void eachTreeMulticastDeliversEverythingOnTheFabric(String protocol) {
        TopologyRun run = bench.run(protocol, group, 1);
        assertThat(run.complete()).as("%s: %s", protocol, run.error()).isTrue();
        assertThat(run.protocol()).isEqualTo(protocol);
        assertThat(run.receivers()).isEqualTo(10);
        // One tree (rdcm, mctcp) against datacast's k edge-disjoint ones, which the ideal counts.
        assertThat(run.ofIdeal()).isGreaterThan(0.9);
        assertThat(run.linkStress()).as("each data byte crosses each tree link about once").isBetween(0.95, 1.3);
    }

    @Test
    void rdcmRepairsLossAndSurvivesALinkFailureAndACrashedReceiverWhileTheTimelineSplitsTreeFromOverlay() {
        int crashed = group.receivers().get(0).index();
        int source = group.source().index();
        int link = IntStream.of(TopologyBench.treesOf(topology, group).get(0).arcs())
                .filter(arc -> network.tail(arc) != source).map(Network::linkOf).findFirst().orElseThrow();
        FabricEvents events = new FabricEvents(0.01, List.of(new FabricEvents.LinkFailure(5 * MS, link)),
                List.of(new FabricEvents.ReceiverCrash(8 * MS, crashed)));
        Timeline timeline = new Timeline(MS);
        TopologyRun run = bench.run("rdcm", group, 1, events, timeline);
        assertThat(run.complete()).as(run.error()).isTrue();
        assertThat(timeline.series()).contains(new Timeline.Series(group.source().index(), Kind.SENT));
        assertThat(timeline.series()).anyMatch(series -> series.kind() == Kind.OVERLAY);
        assertThat(timeline.csv(node -> network.node(node).name()).lines().findFirst().orElseThrow())
                .startsWith("seconds," + group.source().name() + " sent Mbit/s,");
        assertThat(run.linkStress()).as("repairs cost more than the lossless tree").isGreaterThan(1.0);
    }

    @Test
    void rdcmsSenderReportsALinkNextToItThatSilencedEveryReceiverAndTheTreeIsRebuilt() {
        int source = group.source().index();
        int[] fromSource = IntStream.of(TopologyBench.treesOf(topology, group).get(0).arcs())
                .filter(arc -> network.tail(arc) == source).toArray();
        assertThat(fromSource).as("the whole tree hangs off one link of the sender's").hasSize(1);
        FabricEvents events = new FabricEvents(0, List.of(new FabricEvents.LinkFailure(5 * MS,
                Network.linkOf(fromSource[0]))), List.of());
        TopologyRun run = bench.run("rdcm", group, 1, events, null);
        assertThat(run.complete()).as(run.error()).isTrue();
    }

    @Test
    void mctcpEvictsACrashedReceiverAndTheOthersFinish() {
        int crashed = group.receivers().get(1).index();
        FabricEvents events = new FabricEvents(0, List.of(), List.of(new FabricEvents.ReceiverCrash(4 * MS, crashed)));
        Timeline timeline = new Timeline(MS);
        TopologyRun run = bench.run("mctcp", group, 1, events, timeline);
        assertThat(run.complete()).as(run.error()).isTrue();
        int after = (int) (4 * MS / timeline.binNanos()) + 1;
        assertThat(timeline.receivedMbps(crashed, after)).isZero();
        assertThat(timeline.receivedMbps(group.receivers().get(0).index(), after)).isPositive();
    }

    @Test
    void eventsGoOnlyToTheProtocolsThatRunOnTheFabric() {
        FabricEvents loss = new FabricEvents(0.01, List.of(), List.of());
        assertThatThrownBy(() -> bench.run("bt-cornet", group, 1, loss, null))
                .hasMessageContaining("apply to datacast, rdcm, mctcp, sender-repair, not to bt-cornet");
        FabricEvents crash = new FabricEvents(0, List.of(), List.of(new FabricEvents.ReceiverCrash(0,
                group.receivers().get(0).index())));
        assertThatThrownBy(() -> bench.run("datacast", group, 1, crash, null)).hasMessageContaining("not receiver crashes");
        FabricEvents source = new FabricEvents(0, List.of(), List.of(new FabricEvents.ReceiverCrash(0,
                group.source().index())));
        assertThatThrownBy(() -> bench.run("rdcm", group, 1, source, null)).hasMessageContaining("not in the group");
        assertThatThrownBy(() -> new FabricEvents(1, List.of(), List.of())).hasMessageContaining("[0, 1)");
    }

    @Test
    void rdcmsCongestionControlSlowsDownForLossButFinishesThoughReportsAreLostToo() {
        TopologyBench bic = new TopologyBench(topology, 2_000_000, 3,
                Map.of(TopologyBench.RDCM_CONGESTION_CONTROL, "bic"));
        FabricEvents loss = new FabricEvents(0.02, List.of(), List.of());
        TopologyRun constant = bench.run("rdcm", group, 1, loss, null);
        TopologyRun windowed = bic.run("rdcm", group, 1, loss, null);
        assertThat(windowed.complete()).as(windowed.error()).isTrue();
        assertThat(windowed.finishSeconds()).as("BIC takes random loss for congestion")
                .isGreaterThan(constant.finishSeconds());
    }

    @Test
    void datacastTakesLossOnTheFabric() {
        TopologyRun run = bench.run("datacast", group, 1, new FabricEvents(0.01, List.of(), List.of()), null);
        assertThat(run.complete()).as(run.error()).isTrue();
    }
}

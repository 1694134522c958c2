package io.robber.emulation.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.emulation.model.NodePlacement;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.Scenarios;
import io.robber.testkit.LoopbackGroup;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EmulatedNetworkTest {

    @Test
    void theGroupHasEveryNodeOfTheModelOnItsOwnLoopbackAddress() {
        Group group = NodePlacement.group(Scenarios.load("tc1-fast").resolve(), 7000);
        assertThat(group.size()).isEqualTo(64);
        assertThat(group.clusters()).containsExactly("A", "B", "C", "D");
        Member b15 = group.member(group.indexOf("B15"));
        assertThat(b15.cluster()).isEqualTo("B");
        assertThat(b15.address().getHostString()).isEqualTo("127.0.2.16");
        assertThat(b15.address().getPort()).isEqualTo(7000);
        assertThat(group.member(0).id()).isEqualTo("A0");
        assertThat(group.rank(group.indexOf("B15"))).isEqualTo(15);
    }

    @Test
    void clusterNamesEndingInADigitGetASeparator() {
        Group group = NodePlacement.group(Scenarios.load("tc2-c2").resolve(), 7000);
        assertThat(group.member(0).id()).isEqualTo("europe0-0");
        assertThat(NodePlacement.memberId("A", 3)).isEqualTo("A3");
    }

    @Test
    void connectionsBetweenClustersGetTheFigureSevenChainAndLocalOnesNothing() {
        Network model = Models.read("""
                {"name": "chain", "clusters": [{"name": "A", "nodes": 2, "nodeOut": "10MB/s"},
                 {"name": "B", "nodes": 1, "nodeIn": "5MB/s"}], "wan": {"bandwidth": "2MB/s", "delay": "5ms"}}""");
        try (EmulatedNetwork network = EmulatedNetwork.create(model, 7000)) {
            Group group = network.group();
            assertThat(handlers(network, group.member(0), group.member(1))).isEmpty();
            assertThat(handlers(network, group.member(0), group.member(2))).containsExactly(
                    DelayLine.class, OutboundShaper.class, ByteCounter.class);
            assertThat(handlers(network, group.member(2), group.member(0))).containsExactly(
                    DelayLine.class, OutboundShaper.class, ByteCounter.class, InboundShaper.class);
        }
    }

    @Test
    void membersMustFitTheModel() {
        Network model = Models.twoClusters(1, "{}");
        Group strangers = LoopbackGroup.group(7000, 1, 1);
        assertThatThrownBy(() -> new EmulatedNetwork(model, strangers))
                .hasMessageContaining("member c0n0 is in cluster 'c0', which scenario test does not have");
        Group crowded = new Group(List.of(Member.of("x", "A", "127.0.0.1", 1), Member.of("y", "A", "127.0.0.2", 1)));
        assertThatThrownBy(() -> new EmulatedNetwork(model, crowded))
                .hasMessageContaining("cluster A of scenario test has 1 nodes, the group puts 2 members in it");
    }

    @Test
    void wanCountersStartAtZeroPerCluster() {
        try (EmulatedNetwork network = EmulatedNetwork.create(Models.twoClusters(1, "{}"), 7000)) {
            assertThat(network.wanBytesIn()).isEqualTo(Map.of("A", 0L, "B", 0L));
            assertThatThrownBy(() -> network.wanBytes("A", "A")).hasMessageContaining("no WAN link from 'A' to 'A'");
        }
    }

    private static List<Class<?>> handlers(EmulatedNetwork network, Member self, Member peer) {
        EmbeddedChannel channel = new EmbeddedChannel();
        network.customize(self, peer, channel.pipeline());
        List<Class<?>> classes = channel.pipeline().toMap().values().stream().<Class<?>>map(ChannelHandler::getClass)
                .toList();
        channel.finishAndReleaseAll();
        return classes;
    }
}

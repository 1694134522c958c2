package io.robber.emulation.netns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.emulation.model.Scenarios;
import io.robber.emulation.tc.ShapingPlan;
import org.junit.jupiter.api.Test;

class NamespaceTopologyTest {
    private final NamespaceTopology topology = new NamespaceTopology("rb1",
            ShapingPlan.of(Scenarios.load("tc3-2x2").resolve(), false));

    @Test
    void oneNamespacePerNodeAndHubAndOneForTheWanRemovedNodesFirst() {
        assertThat(topology.namespaces()).containsExactly("rb1-n0-0", "rb1-n0-1", "rb1-n1-0", "rb1-n1-1", "rb1-hub0",
                "rb1-hub1", "rb1-wan");
        assertThat(topology.teardown()).first().isEqualTo("ip netns del rb1-n0-0");
        assertThat(topology.teardown()).last().isEqualTo("ip netns del rb1-wan");
    }

    @Test
    void nodesHangOffTheirHubsBridgeAndHubsRouteOtherClustersOverTheWan() {
        assertThat(topology.setup()).containsSubsequence(
                "ip netns add rb1-wan",
                "ip netns add rb1-hub0",
                "ip -n rb1-hub0 link add wan type veth peer name h0 netns rb1-wan",
                "ip -n rb1-hub0 addr add 198.19.0.1/24 dev wan",
                "ip -n rb1-hub0 addr add 198.18.0.254/24 dev br0",
                "ip -n rb1-hub0 route add 198.18.1.0/24 via 198.19.0.2 src 198.18.0.254",
                "ip netns add rb1-n0-1",
                "ip -n rb1-n0-1 link add eth0 type veth peer name n1 netns rb1-hub0",
                "ip -n rb1-hub0 link set n1 master br0 up",
                "ip -n rb1-n0-1 addr add 198.18.0.2/24 dev eth0",
                "ip -n rb1-n0-1 route add default via 198.18.0.254");
    }

    @Test
    void thePlansLinesRunInTheirHostsNamespace() {
        assertThat(topology.setup()).contains(
                "tc -n rb1-hub1 class add dev wan parent 1:1 classid 1:100 htb rate 1000000000bit ceil 1000000000bit"
                        + " quantum 60000",
                "tc -n rb1-n1-1 class add dev eth0 parent 1: classid 1:1 htb rate 100000000bit ceil 100000000bit"
                        + " quantum 60000",
                "ip -n rb1-n0-0 link add ifb0 txqueuelen 1000 type ifb");
        int lastLink = topology.setup().lastIndexOf("ip -n rb1-n1-1 route add default via 198.18.1.254");
        int firstTc = topology.setup().indexOf(topology.setup().stream().filter(l -> l.startsWith("tc ")).findFirst()
                .orElseThrow());
        assertThat(firstTc).isGreaterThan(lastLink);
    }

    @Test
    void refusesPrefixesThatCouldCollideOrBreakCommandLines() {
        ShapingPlan plan = topology.plan();
        assertThatThrownBy(() -> new NamespaceTopology("a b", plan)).hasMessageContaining("prefix");
        assertThatThrownBy(() -> new NamespaceTopology("", plan)).hasMessageContaining("prefix");
        assertThatThrownBy(() -> NamespaceTopology.in("rb1-n0-0", "sysctl -w x=1")).hasMessageContaining("not an ip");
    }
}

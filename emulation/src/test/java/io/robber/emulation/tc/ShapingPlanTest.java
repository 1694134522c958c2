package io.robber.emulation.tc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import io.robber.emulation.model.Scenarios;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShapingPlanTest {
    /** A/0..1 and B/0..1: NICs 8 Mbit/s out, 4 Mbit/s in; A's access out 3 MB/s; A→B 2 MB/s, B→A 1 MB/s. */
    private static Network twoClusters(String schedule) throws IOException {
        String json = """
                {"name": "two", "dataSize": "10MB",
                 "clusters": [{"name": "A", "nodes": 2, "nodeOut": "8Mbit/s", "nodeIn": "4Mbit/s",
                               "accessOut": "3MB/s", "accessIn": "5MB/s"},
                              {"name": "B", "nodes": 2}],
                 "wan": {"delay": "10ms"},
                 "links": [{"from": "A", "to": "B", "bandwidth": "2MB/s"}, {"from": "B", "to": "A", "bandwidth": "1MB/s"}],
                 "schedule": %s}""".formatted(schedule);
        return NetworkModel.parse(json).resolve();
    }

    @Test
    void addressesNumberClustersAndNodesInTheBenchmarkingRange() {
        assertThat(AddressPlan.node(0, 0)).isEqualTo("198.18.0.1");
        assertThat(AddressPlan.node(3, 15)).isEqualTo("198.18.3.16");
        assertThat(AddressPlan.cluster(2)).isEqualTo("198.18.2.0/24");
        assertThat(AddressPlan.hubInside(1)).isEqualTo("198.18.1.254");
        assertThat(AddressPlan.hubOnWan(1)).isEqualTo("198.19.0.2");
    }

    @Test
    void nodeShapesTrafficToOtherClustersAtItsNicAndTakesInFromThemThroughAnIfb() throws IOException {
        ShapingPlan plan = ShapingPlan.of(twoClusters("[]"), false);
        assertThat(plan.node(0, 1)).containsExactly(
                "tc qdisc add dev eth0 root handle 1: htb",
                "tc class add dev eth0 parent 1: classid 1:1 htb rate 8000000bit ceil 8000000bit quantum 60000",
                "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dst 198.18.1.0/24 flowid 1:1",
                "ip link add ifb0 txqueuelen 1000 type ifb",
                "ip link set ifb0 up",
                "tc qdisc add dev ifb0 root handle 1: htb default 1",
                "tc class add dev ifb0 parent 1: classid 1:1 htb rate 4000000bit ceil 4000000bit quantum 60000",
                "tc qdisc add dev eth0 handle ffff: ingress",
                "tc filter add dev eth0 parent ffff: protocol ip prio 1 u32 match ip src 198.18.1.0/24"
                        + " action mirred egress redirect dev ifb0");
    }

    @Test
    void unlimitedNicsGetNoQdiscs() throws IOException {
        ShapingPlan plan = ShapingPlan.of(twoClusters("[]"), false);
        assertThat(plan.node(1, 0)).isEmpty();
    }

    @Test
    void hubHasAnAccessClassWithOnePairClassPerDestinationAndShapesItsInputThroughAnIfb() throws IOException {
        ShapingPlan plan = ShapingPlan.of(twoClusters("[]"), false);
        assertThat(plan.hub(0)).containsExactly(
                "tc qdisc add dev wan root handle 1: htb",
                "tc class add dev wan parent 1: classid 1:1 htb rate 24000000bit ceil 24000000bit quantum 60000",
                "tc class add dev wan parent 1:1 classid 1:101 htb rate 16000000bit ceil 16000000bit quantum 60000",
                "tc filter add dev wan parent 1: protocol ip prio 1 u32 match ip dst 198.18.1.0/24 flowid 1:101",
                "ip link add ifb0 txqueuelen 1000 type ifb",
                "ip link set ifb0 up",
                "tc qdisc add dev ifb0 root handle 1: htb default 1",
                "tc class add dev ifb0 parent 1: classid 1:1 htb rate 40000000bit ceil 40000000bit quantum 60000",
                "tc qdisc add dev wan handle ffff: ingress",
                "tc filter add dev wan parent ffff: protocol ip prio 1 u32 match u32 0 0"
                        + " action mirred egress redirect dev ifb0");
        assertThat(plan.hub(1)).contains(
                "tc class add dev wan parent 1: classid 1:1 htb rate 10000000000bit ceil 10000000000bit quantum 60000",
                "tc class add dev wan parent 1:1 classid 1:100 htb rate 8000000bit ceil 8000000bit quantum 60000",
                "tc filter add dev wan parent 1: protocol ip prio 1 u32 match ip dst 198.18.0.0/24 flowid 1:100");
        assertThat(plan.hub(1)).noneMatch(l -> l.contains("ifb"));
    }

    @Test
    void pairRatesShareTheAccessLinkSoThatItsLimitHolds() {
        ShapingPlan plan = ShapingPlan.of(Scenarios.load("tc1-fast").resolve().rateScaled(1), false);
        // A's pairs 8, 4, 2 MB/s under an unlimited access link: each guaranteed its own rate.
        assertThat(plan.hub(0)).contains(
                "tc class add dev wan parent 1:1 classid 1:101 htb rate 64000000bit ceil 64000000bit quantum 60000",
                "tc class add dev wan parent 1:1 classid 1:103 htb rate 16000000bit ceil 16000000bit quantum 60000");
        Network limited = Models.read("""
                {"name": "shared", "clusters": [{"name": "A", "nodes": 1, "accessOut": "4MB/s"},
                 {"name": "B", "nodes": 1}, {"name": "C", "nodes": 1}],
                 "wan": {"bandwidth": "4MB/s"}}""");
        // 4 + 4 MB/s of pairs under 4 MB/s of access: 2 MB/s guaranteed each, each may borrow up to 4.
        assertThat(ShapingPlan.of(limited, false).hub(0)).contains(
                "tc class add dev wan parent 1:1 classid 1:101 htb rate 16000000bit ceil 32000000bit quantum 60000",
                "tc class add dev wan parent 1:1 classid 1:102 htb rate 16000000bit ceil 32000000bit quantum 60000");
    }

    @Test
    void delaysAreRecordedAndGoIntoTheChainOnlyWithNetem() throws IOException {
        ShapingPlan without = ShapingPlan.of(twoClusters("[]"), false);
        assertThat(without.delayNanos(0, 1)).isEqualTo(10_000_000L);
        assertThat(without.render()).doesNotContain("netem delay").contains("# delays: no netem");
        ShapingPlan with = ShapingPlan.of(twoClusters("[]"), true);
        assertThat(with.hub(0)).contains("tc qdisc add dev wan parent 1:101 handle 101: netem delay 10000us limit 1000");
        Network delayOnly = Models.read("""
                {"name": "delay", "clusters": [{"name": "A", "nodes": 1}, {"name": "B", "nodes": 1}],
                 "wan": {"delay": "5ms"}}""");
        assertThat(ShapingPlan.of(delayOnly, false).hub(0)).isEmpty();
        assertThat(ShapingPlan.of(delayOnly, true).hub(0)).contains(
                "tc qdisc add dev wan parent 1:101 handle 101: netem delay 5000us limit 1000");
    }

    @Test
    void scheduledBandwidthsBecomeClassChanges() throws IOException {
        Network network = twoClusters("""
                [{"at": "30s", "links": [{"between": ["A", "B"], "bandwidth": "500KB/s"}]}]""");
        ShapingPlan plan = ShapingPlan.of(network, false);
        assertThat(plan.pairChanges(0, network.at(31_000_000_000L))).containsExactly(
                "tc class change dev wan parent 1:1 classid 1:101 htb rate 4000000bit ceil 4000000bit quantum 60000");
        assertThat(plan.pairChanges(1, network.at(31_000_000_000L))).containsExactly(
                "tc class change dev wan parent 1:1 classid 1:100 htb rate 4000000bit ceil 4000000bit quantum 60000");
    }

    @Test
    void everyShippedScenarioHasAPlanWithOneHubAndOneHostPerNode() {
        for (String name : Scenarios.names()) {
            ShapingPlan plan = ShapingPlan.of(Scenarios.load(name).resolve(), false);
            int nodes = 0;
            for (int c = 0; c < plan.clusterCount(); c++) {
                nodes += plan.nodes(c);
            }
            assertThat(plan.render().lines().filter(l -> l.startsWith("# node "))).hasSize(nodes);
            assertThat(plan.render().lines().filter(l -> l.startsWith("# hub "))).hasSize(plan.clusterCount());
        }
    }

    @Test
    void refusesMoreClustersThanTheAddressPlanNumbers() {
        Network big = Scenarios.load("generated:continents=4:clusters=255:nodes=1").resolve();
        assertThatThrownBy(() -> ShapingPlan.of(big, false)).hasMessageContaining("at most 254 clusters");
        assertThat(List.of(ShapingPlan.bits(1e6), ShapingPlan.bits(Double.POSITIVE_INFINITY)))
                .containsExactly("8000000bit", "10000000000bit");
    }
}

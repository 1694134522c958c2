package io.robber.emulation.toxi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.emulation.model.NetworkModel;
import io.robber.emulation.tc.ShapingPlan;
import io.robber.emulation.toxi.WanProxies.Service;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class WanProxiesTest {
    /** A 2 nodes, B 1 node, C 1 node; A→B 30 ms, B→A 10 ms, everything else 5 ms. */
    private static ShapingPlan plan() throws IOException {
        String json = """
                {"name": "proxies",
                 "clusters": [{"name": "A", "nodes": 2}, {"name": "B", "nodes": 1}, {"name": "C", "nodes": 1}],
                 "wan": {"delay": "5ms"},
                 "links": [{"from": "A", "to": "B", "delay": "30ms"}, {"from": "B", "to": "A", "delay": "10ms"}]}""";
        return ShapingPlan.of(NetworkModel.parse(json)
                .resolve(), false);
    }

    private static WanProxies proxies() throws IOException {
        return WanProxies.of(plan(), List.of(new Service(0, 0, 7800), new Service(0, 0, 7900), new Service(0, 1, 7900),
                new Service(1, 0, 7900), new Service(2, 0, 7900)));
    }

    @Test
    void eachHubProxiesEveryServiceOfTheOtherClustersOnItsInsideAddress() throws IOException {
        WanProxies proxies = proxies();
        assertThat(proxies.at(0)).containsExactly(
                new WanProxy("c1n0p7900", 0, 1, 0, 7900, "198.18.0.254", 20000, "198.18.1.1"),
                new WanProxy("c2n0p7900", 0, 2, 0, 7900, "198.18.0.254", 20001, "198.18.2.1"));
        assertThat(proxies.at(1)).extracting(WanProxy::listen).containsExactly("198.18.1.254:20000",
                "198.18.1.254:20001", "198.18.1.254:20002", "198.18.1.254:20003");
        assertThat(proxies.at(1)).extracting(WanProxy::upstream).containsExactly("198.18.0.1:7800", "198.18.0.1:7900",
                "198.18.0.2:7900", "198.18.2.1:7900");
        assertThat(proxies.towards(0, 0)).extracting(WanProxy::from).containsExactly(1, 1, 2, 2);
    }

    @Test
    void latencyToxicsGiveEachDirectionItsOneWayDelay() throws IOException {
        WanProxies proxies = proxies();
        WanProxy aToB = proxies.at(0).get(0);
        assertThat(proxies.latencies(aToB)).containsExactly(Toxic.latency("delay-up", Toxic.UPSTREAM, 30),
                Toxic.latency("delay-down", Toxic.DOWNSTREAM, 10));
        WanProxy bToA = proxies.at(1).get(1);
        assertThat(proxies.latencies(bToA)).containsExactly(Toxic.latency("delay-up", Toxic.UPSTREAM, 10),
                Toxic.latency("delay-down", Toxic.DOWNSTREAM, 30));
        WanProxy cToB = proxies.at(2).get(3);
        assertThat(cToB.to()).isEqualTo(1);
        assertThat(proxies.latencies(cToB)).extracting(t -> t.attributes().get("latency")).containsExactly(5L, 5L);
    }

    @Test
    void noDelayNoToxic() throws IOException {
        String json = """
                {"name": "flat", "clusters": [{"name": "A", "nodes": 1}, {"name": "B", "nodes": 1}]}""";
        ShapingPlan flat = ShapingPlan.of(NetworkModel.parse(json)
                .resolve(), false);
        WanProxies proxies = WanProxies.of(flat, List.of(new Service(1, 0, 7900)));
        assertThat(proxies.latencies(proxies.at(0).get(0))).isEmpty();
        assertThat(proxies.at(1)).isEmpty();
    }

    @Test
    void dnatRulesSendTheClustersConnectionsToRemoteServicesToItsProxies() throws IOException {
        assertThat(proxies().redirects(2)).containsExactly(
                "iptables -t nat -A PREROUTING -p tcp -s 198.18.2.0/24 -d 198.18.0.1 --dport 7800 -j DNAT"
                        + " --to-destination 198.18.2.254:20000",
                "iptables -t nat -A PREROUTING -p tcp -s 198.18.2.0/24 -d 198.18.0.1 --dport 7900 -j DNAT"
                        + " --to-destination 198.18.2.254:20001",
                "iptables -t nat -A PREROUTING -p tcp -s 198.18.2.0/24 -d 198.18.0.2 --dport 7900 -j DNAT"
                        + " --to-destination 198.18.2.254:20002",
                "iptables -t nat -A PREROUTING -p tcp -s 198.18.2.0/24 -d 198.18.1.1 --dport 7900 -j DNAT"
                        + " --to-destination 198.18.2.254:20003");
    }

    @Test
    void refusesServicesOfNodesThatDoNotExist() throws IOException {
        ShapingPlan plan = plan();
        assertThatThrownBy(() -> WanProxies.of(plan, List.of(new Service(1, 1, 7900)))).hasMessageContaining("no node 1");
        assertThatThrownBy(() -> WanProxies.of(plan, List.of(new Service(3, 0, 7900)))).hasMessageContaining("cluster 3");
    }
}

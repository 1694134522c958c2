package io.robber.datacast.background;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.tcp.TcpSettings;
import io.robber.datacast.topology.LeafSpine;
import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BackgroundTrafficTest {
    private static final long MS = 1_000_000L;
    private final Network network = LeafSpine.of(2, 4, 2, LinkProfiles.uniform(new LinkProfile(100_000_000L, 5_000L, 100))).network();

    @Test
    void flowSizesFollowTheirCdfs() {
        SplittableRandom random = new SplittableRandom(7);
        int n = 200_000;
        int[] web = IntStream.range(0, n).map(i -> FlowSizes.WEB_SEARCH.samplePackets(random)).toArray();
        int[] mining = IntStream.range(0, n).map(i -> FlowSizes.DATA_MINING.samplePackets(random)).toArray();
        assertThat(IntStream.of(web).filter(s -> s <= 6).count() / (double) n).isCloseTo(0.15, within(0.01));
        assertThat(IntStream.of(web).filter(s -> s <= 1333).count() / (double) n).isCloseTo(0.8, within(0.01));
        assertThat(IntStream.of(web).max().orElseThrow()).isLessThanOrEqualTo(20_000);
        assertThat(IntStream.of(web).average().orElseThrow()).isCloseTo(FlowSizes.WEB_SEARCH.meanPackets(),
                within(0.05 * FlowSizes.WEB_SEARCH.meanPackets()));
        assertThat(IntStream.of(mining).filter(s -> s == 1).count() / (double) n).isCloseTo(0.5, within(0.01));
        assertThat(IntStream.of(mining).filter(s -> s <= 7).count() / (double) n).isCloseTo(0.8, within(0.01));
    }

    @Test
    void twoRenoFlowsThroughOneBottleneckEachDeliverVerifiedDataAndShareIt() {
        Fabric fabric = new Fabric(network, new VirtualClock(), 1);
        UnicastRoutes routes = new UnicastRoutes(fabric);
        FlowEndpoints endpoints = new FlowEndpoints(fabric::attach);
        int server = network.node("host1.0").index();
        TcpFlow a = TcpFlow.routed(fabric, endpoints, routes, 1, network.node("host0.0").index(), server, 20_000,
                TcpSettings.DEFAULT, FlowObserver.NONE);
        TcpFlow b = TcpFlow.routed(fabric, endpoints, routes, 2, network.node("host2.0").index(), server, 20_000,
                TcpSettings.DEFAULT, FlowObserver.NONE);
        a.start();
        b.start();
        fabric.runUntil(2000 * MS);
        int aHalf = a.delivered();
        int bHalf = b.delivered();
        fabric.runUntil(20_000 * MS);
        assertThat(a.finished()).isTrue();
        assertThat(b.finished()).isTrue();
        // Both share host1.0's 100 Mbit/s link: 40,000 segments take at least 4.8 s.
        assertThat(Math.max(a.durationNanos(), b.durationNanos())).isBetween(4_800 * MS, 7_000 * MS);
        assertThat(Math.min(aHalf, bHalf) / (double) Math.max(aHalf, bHalf)).as("share after 2 s").isGreaterThan(0.5);
    }

    @Test
    void theSeparatedSetupLoadsEachSenderToTheAskedShareOnAverage() {
        Fabric fabric = new Fabric(network, new VirtualClock(), 1);
        UnicastRoutes routes = new UnicastRoutes(fabric);
        FlowEndpoints endpoints = new FlowEndpoints(fabric::attach);
        BackgroundTraffic traffic = new BackgroundTraffic(fabric, endpoints, routes, FlowSizes.WEB_SEARCH, 0.3,
                TcpSettings.DEFAULT, FlowObserver.NONE, 11);
        int[] servers = network.servers().stream().mapToInt(node -> node.index()).toArray();
        long until = 20_000 * MS;
        traffic.separated(servers, until);
        fabric.runUntil(until + 10_000 * MS);
        long bytes = traffic.flows().stream().mapToLong(f -> (long) f.delivered() * TcpSettings.DEFAULT.segmentBytes()).sum();
        double perSender = bytes * 8.0 / (until / 1e9) / (servers.length / 2);
        assertThat(traffic.flows()).hasSizeGreaterThan(40);
        assertThat(traffic.flows()).allMatch(TcpFlow::finished);
        // Heavy-tailed sizes over 20 s: the offered load is 0.3 of 100 Mbit/s within a wide margin.
        assertThat(perSender).isBetween(0.15e8, 0.5e8);
    }
}

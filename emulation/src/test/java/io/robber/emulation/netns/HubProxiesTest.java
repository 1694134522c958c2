package io.robber.emulation.netns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.robber.emulation.model.NetworkModel;
import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.tc.ShapingPlan;
import io.robber.emulation.toxi.WanProxies;
import io.robber.emulation.toxi.WanProxies.Service;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The WAN proxies on real hubs: a connection between clusters is delayed both ways by the model's
 * one-way delays, without either end knowing of the proxy. Needs root and Toxiproxy, socat and
 * iptables; skipped, saying which is missing, without them. Round trips are checked against the
 * configured delays with a huge upper margin (the machine may be loaded), never a tight bound.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HubProxiesTest {
    private static final int PORT = 7900;
    private static final Pattern MEDIAN = Pattern.compile("rtt-ms=([0-9.,]+) median=([0-9.]+)");

    @TempDir
    Path dir;

    @BeforeAll
    static void needsRootAndToxiproxy() {
        Optional<String> why = NamespaceNetwork.unavailableReason().or(HubProxies::unavailableReason);
        assumeTrue(why.isEmpty(), () -> "WAN proxy test skipped: " + why.orElse(""));
    }

    /** A→B 30 ms, B→A 10 ms: a round trip between A and B takes 40 ms, whichever end connects. */
    private static ShapingPlan plan() throws IOException {
        String json = """
                {"name": "proxied",
                 "clusters": [{"name": "A", "nodes": 2}, {"name": "B", "nodes": 1}],
                 "links": [{"from": "A", "to": "B", "delay": "30ms"}, {"from": "B", "to": "A", "delay": "10ms"}]}""";
        return ShapingPlan.of(NetworkModel.parse(json)
                .resolve(), false);
    }

    @Test
    void aRoundTripBetweenClustersTakesBothOneWayDelaysAndOneInsideACluster() throws Exception {
        ShapingPlan plan = plan();
        WanProxies proxies = WanProxies.of(plan, List.of(new Service(0, 0, PORT), new Service(0, 1, PORT),
                new Service(1, 0, PORT)));
        NamespaceTopology topology = new NamespaceTopology("rbp" + ProcessHandle.current().pid() % 100_000, plan);
        try (NamespaceNetwork net = NamespaceNetwork.build(topology);
             HubProxies hubs = HubProxies.start(net, proxies, dir, true)) {
            assertThat(hubs.api(0).toxics("c1n0p7900")).containsExactlyInAnyOrder("delay-up", "delay-down");
            assertThat(hubs.api(1).version()).isNotBlank();
            List<Process> echoes = new ArrayList<>();
            try {
                echoes.add(echo(net, 1, 0));
                echoes.add(echo(net, 0, 1));
                double aToB = ping(net, 0, 0, 1, 0);
                double bToA = ping(net, 1, 0, 0, 1);
                double local = ping(net, 0, 0, 0, 1);
                assertThat(aToB).as("A/0 → B/0 round trip, ms").isBetween(40.0, 10 * 40.0 + 1000);
                assertThat(bToA).as("B/0 → A/1 round trip, ms").isBetween(40.0, 10 * 40.0 + 1000);
                assertThat(local).as("A/0 → A/1 round trip, ms: not proxied").isLessThan(40.0);
            } finally {
                echoes.forEach(Process::destroyForcibly);
            }
        }
    }

    private static Process echo(NamespaceNetwork net, int cluster, int rank) throws Exception {
        Process p = net.start(cluster, rank, Probes.java(RoundTripProbe.class, "echo", String.valueOf(PORT)))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String ready = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        assertThat(ready).isEqualTo("listening " + PORT);
        return p;
    }

    /** The median of 9 round trips from one node to another, ms. */
    private static double ping(NamespaceNetwork net, int fromCluster, int fromRank, int toCluster, int toRank)
            throws Exception {
        Process p = net.start(fromCluster, fromRank, Probes.java(RoundTripProbe.class, "ping",
                AddressPlan.node(toCluster, toRank), String.valueOf(PORT), "9")).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        Matcher m = MEDIAN.matcher(out);
        assertThat(m.matches()).as("ping output: " + out).isTrue();
        return Double.parseDouble(m.group(2));
    }
}

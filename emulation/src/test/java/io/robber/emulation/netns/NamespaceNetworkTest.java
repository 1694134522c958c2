package io.robber.emulation.netns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.tc.ShapingPlan;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The netns layout built for real: needs root and {@code ip netns}, and is skipped, saying so,
 * without them. Transfers go between real processes in the node namespaces. Shaping can only slow a
 * transfer, so a shaped rate is checked against an upper bound only; that the shaped paths are slower
 * than the unshaped one is checked against the unshaped transfer of the same run, never against a
 * fixed speed (the machine may be loaded). The benchmark in docs/emulation-tc.md is where accuracy
 * is measured.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class NamespaceNetworkTest {
    private static final double PAIR = 2e6;
    private static final double NIC_IN = 1e6;
    private static final Pattern RESULT = Pattern.compile("received=(\\d+) seconds=([0-9.]+) rate=(\\d+)");

    @BeforeAll
    static void needsRoot() {
        Optional<String> why = NamespaceNetwork.unavailableReason();
        assumeTrue(why.isEmpty(), () -> "netns backend test skipped: " + why.orElse(""));
    }

    /** A and B of two nodes; A→B 2 MB/s, B→A unlimited, A's NICs take in 1 MB/s. */
    private static Network network() throws IOException {
        String json = """
                {"name": "netns-test",
                 "clusters": [{"name": "A", "nodes": 2, "nodeIn": "1MB/s"}, {"name": "B", "nodes": 2}],
                 "wan": {"delay": "10ms"},
                 "links": [{"from": "A", "to": "B", "bandwidth": "2MB/s"}]}""";
        return NetworkModel.parse(json).resolve();
    }

    private static NamespaceTopology topology() throws IOException {
        return new NamespaceTopology("rbt" + ProcessHandle.current().pid() % 100_000, ShapingPlan.of(network(), false));
    }

    @Test
    void pairAndNicLimitsHoldBetweenClustersAndLocalTrafficIsUnshaped() throws Exception {
        NamespaceTopology topology = topology();
        try (NamespaceNetwork net = NamespaceNetwork.build(topology)) {
            double pair = transfer(net, 0, 0, 1, 0, 4_000_000);
            assertThat(pair).as("A/0 → B/0 at most the A→B pair bandwidth").isLessThan(1.5 * PAIR);
            double nicIn = transfer(net, 1, 1, 0, 1, 2_000_000);
            assertThat(nicIn).as("B/1 → A/1 at most A/1's NIC in rate").isLessThan(1.5 * NIC_IN);
            double local = transfer(net, 0, 0, 0, 1, 20_000_000);
            assertThat(local).as("A/0 → A/1 stays inside the cluster, unshaped: faster than both shaped transfers")
                    .isGreaterThan(2 * pair)
                    .isGreaterThan(2 * nicIn);
        }
        assertThat(namespacesNow()).noneMatch(ns -> ns.startsWith(topology.wan().replace("-wan", "-")));
    }

    @Test
    void closeRemovesEveryNamespaceItCreated() throws Exception {
        NamespaceTopology topology = topology();
        try (NamespaceNetwork net = NamespaceNetwork.build(topology)) {
            assertThat(namespacesNow()).containsAll(topology.namespaces());
            net.run("ip -n " + topology.node(0, 0) + " addr show dev eth0");
        }
        assertThat(namespacesNow()).doesNotContainAnyElementsOf(topology.namespaces());
    }

    @Test
    void theScheduleChangesTheHubsPairClassesAtItsTimes() throws Exception {
        String json = """
                {"name": "netns-schedule-test",
                 "clusters": [{"name": "A", "nodes": 1}, {"name": "B", "nodes": 1}],
                 "links": [{"from": "A", "to": "B", "bandwidth": "2MB/s"}],
                 "schedule": [{"at": "1s", "links": [{"from": "A", "to": "B", "bandwidth": "500KB/s"}]}]}""";
        Network network = NetworkModel.parse(json).resolve();
        NamespaceTopology topology = new NamespaceTopology("rbs" + ProcessHandle.current().pid() % 100_000,
                ShapingPlan.of(network, false));
        String show = "ip netns exec " + topology.hub(0) + " tc class show dev " + ShapingPlan.HUB_DEVICE;
        try (NamespaceNetwork net = NamespaceNetwork.build(topology)) {
            assertThat(command(show)).contains("rate 16Mbit").doesNotContain("rate 4Mbit");
            try (NetnsSchedule schedule = NetnsSchedule.follow(net, network)) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (!command(show).contains("rate 4Mbit") && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
            }
            assertThat(command(show)).as("A→B at 500 KB/s after the schedule's change").contains("rate 4Mbit")
                    .doesNotContain("rate 16Mbit");
        }
    }

    private static String command(String line) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(line.split(" ")).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return text;
    }

    /** Sends {@code bytes} from one node to another and returns the rate the receiver saw, B/s. */
    private static double transfer(NamespaceNetwork net, int fromCluster, int fromRank, int toCluster, int toRank,
                                   long bytes) throws Exception {
        int port = 5400 + fromCluster * 10 + toCluster;
        Process sink = net.start(toCluster, toRank, java("sink", String.valueOf(port)))
                .redirectErrorStream(true).start();
        Process source = null;
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(sink.getInputStream(), StandardCharsets.UTF_8));
            String ready = out.readLine();
            assertThat(ready).as("sink start-up line").isEqualTo("listening " + port);
            source = net.start(fromCluster, fromRank, java("source", AddressPlan.node(toCluster, toRank),
                    String.valueOf(port), String.valueOf(bytes))).redirectErrorStream(true).start();
            String line = out.readLine();
            assertThat(sink.waitFor(60, TimeUnit.SECONDS)).as("sink finished").isTrue();
            assertThat(source.waitFor(60, TimeUnit.SECONDS)).as("source finished").isTrue();
            Matcher m = RESULT.matcher(String.valueOf(line));
            assertThat(m.matches()).as("sink result line: " + line).isTrue();
            assertThat(Long.parseLong(m.group(1))).isEqualTo(bytes);
            return Double.parseDouble(m.group(3));
        } finally {
            sink.destroyForcibly();
            if (source != null) {
                source.destroyForcibly();
            }
        }
    }

    private static List<String> java(String... args) throws URISyntaxException {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        String classes = Path.of(ThroughputProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        List<String> line = new java.util.ArrayList<>(List.of(javaBin, "-Xmx64m", "-cp", classes,
                ThroughputProbe.class.getName()));
        line.addAll(List.of(args));
        return line;
    }

    private static List<String> namespacesNow() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        return text.lines().map(l -> l.split(" ")[0]).toList();
    }
}

package io.robber.emulation.netns;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import io.robber.emulation.model.Scenarios;
import io.robber.emulation.runner.LocalProcesses;
import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.tc.NetemProbe;
import io.robber.emulation.tc.ShapingPlan;
import io.robber.emulation.toxi.WanProxies;
import io.robber.planning.Units;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The shaping plan by hand, as a benchmark rather than a test:
 * <ul>
 *   <li>{@code plan SCENARIO} prints the netns lines of a scenario (what {@link NamespaceNetwork}
 *       runs) and where its delays would come from;</li>
 *   <li>{@code rates [SECONDS] [RATE...]} builds two clusters of two nodes in namespaces for each
 *       rate (default 1, 10 and 100 Mbit/s), limiting in turn the pair A→B (hub HTB), A/0's NIC
 *       out (node HTB) and B/0's NIC in (IFB), and measures each with iperf3 for
 *       {@code SECONDS} (default 5), receiver side;</li>
 *   <li>{@code latency [DELAY...]} builds two clusters of one node for each one-way delay (default
 *       0, 5, 10, 50 and 100 ms), the delay from Toxiproxy on the hubs ({@link HubProxies}), and
 *       measures {@value #ROUND_TRIPS} one-byte round trips over one TCP connection between them
 *       ({@link RoundTripProbe}).</li>
 * </ul>
 * Needs root, and iperf3 for {@code rates}, Toxiproxy, socat and iptables for {@code latency}.
 */
public final class NetnsCheck {
    private static final int ROUND_TRIPS = 50;
    private static final int ECHO_PORT = 7900;

    private NetnsCheck() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("plan")) {
            NetemProbe netem = NetemProbe.detect();
            System.out.println("# " + netem);
            NamespaceTopology topology = new NamespaceTopology("rb",
                    ShapingPlan.of(Scenarios.load(args[1]).resolve(), netem.available()));
            topology.setup().forEach(System.out::println);
        } else if (args.length >= 1 && args[0].equals("rates")) {
            int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
            List<String> rates = args.length > 2 ? List.of(args).subList(2, args.length)
                    : List.of("1Mbit/s", "10Mbit/s", "100Mbit/s");
            rates(seconds, rates);
        } else if (args.length >= 1 && args[0].equals("latency")) {
            latency(args.length > 1 ? List.of(args).subList(1, args.length) : List.of("0ms", "5ms", "10ms", "50ms",
                    "100ms"));
        } else {
            System.err.println("usage: NetnsCheck plan SCENARIO | rates [SECONDS] [RATE...] | latency [DELAY...]");
            System.exit(2);
        }
    }

    private static void rates(int seconds, List<String> rates) throws Exception {
        NamespaceNetwork.unavailableReason().ifPresent(why -> {
            throw new IllegalStateException(why);
        });
        System.out.println("# " + NetemProbe.detect());
        System.out.printf(Locale.ROOT, "%-10s %-8s %12s %12s %8s%n", "rate", "link", "set Mbit/s", "got Mbit/s",
                "got/set");
        for (String rate : rates) {
            double bytes = Units.rate(rate);
            String[][] cases = {
                {"pair", "\"links\": [{\"from\": \"A\", \"to\": \"B\", \"bandwidth\": \"%s\"}]"},
                {"node-out", "\"clusters\": [{\"name\": \"A\", \"nodes\": 2, \"nodeOut\": \"%s\"}, {\"name\": \"B\", \"nodes\": 2}]"},
                {"node-in", "\"clusters\": [{\"name\": \"A\", \"nodes\": 2}, {\"name\": \"B\", \"nodes\": 2, \"nodeIn\": \"%s\"}]"},
            };
            for (String[] c : cases) {
                double got = measure(network(c[1].formatted(rate)), seconds);
                System.out.printf(Locale.ROOT, "%-10s %-8s %12.3f %12.3f %8.3f%n", rate, c[0], bytes * 8 / 1e6,
                        got / 1e6, got / (bytes * 8));
            }
        }
    }

    /**
     * For each one-way delay, two clusters of one node with that delay both ways, the delay from
     * Toxiproxy on the hubs; {@value #ROUND_TRIPS} one-byte round trips from A/0 to B/0 over one
     * connection. Prints the median round trip and how far half of it is from the setting.
     */
    private static void latency(List<String> delays) throws Exception {
        NamespaceNetwork.unavailableReason().or(HubProxies::unavailableReason).ifPresent(why -> {
            throw new IllegalStateException(why);
        });
        System.out.println("# " + NetemProbe.detect() + "; measuring Toxiproxy's latency toxics");
        System.out.printf(Locale.ROOT, "%-8s %14s %14s %14s %14s%n", "one-way", "median RTT ms", "min RTT ms",
                "RTT/2 - set ms", "max RTT ms");
        Path dir = Files.createTempDirectory("robber-latency-");
        try {
            for (String delay : delays) {
                String json = "{\"name\": \"latency\", \"clusters\": [{\"name\": \"A\", \"nodes\": 1}, {\"name\": \"B\","
                        + " \"nodes\": 1}], \"wan\": {\"delay\": \"" + delay + "\"}}";
                Network network = NetworkModel.parse(json)
                        .resolve();
                double setMillis = network.at(0).delay()[0][1] / 1e6;
                double[] rtt = roundTrips(network, dir);
                double median = rtt[rtt.length / 2];
                System.out.printf(Locale.ROOT, "%-8s %14.2f %14.2f %+14.2f %14.2f%n", delay, median, rtt[0],
                        median / 2 - setMillis, rtt[rtt.length - 1]);
            }
        } finally {
            LocalProcesses.deleteTree(dir);
        }
    }

    /** Sorted round trips, ms, from A/0 to B/0 through the hubs' proxies. */
    private static double[] roundTrips(Network network, Path dir) throws Exception {
        String prefix = "rbl" + ProcessHandle.current().pid() % 100_000;
        ShapingPlan plan = ShapingPlan.of(network, false);
        try (NamespaceNetwork net = NamespaceNetwork.build(new NamespaceTopology(prefix, plan));
             HubProxies hubs = HubProxies.start(net, WanProxies.of(plan,
                     List.of(new WanProxies.Service(1, 0, ECHO_PORT))), dir, true)) {
            Process echo = net.start(1, 0, Probes.java(RoundTripProbe.class, "echo", String.valueOf(ECHO_PORT)))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try {
                new BufferedReader(new InputStreamReader(echo.getInputStream(), StandardCharsets.UTF_8))
                        .readLine();
                Process ping = net.start(0, 0, Probes.java(RoundTripProbe.class, "ping", AddressPlan.node(1, 0),
                        String.valueOf(ECHO_PORT), String.valueOf(ROUND_TRIPS))).redirectErrorStream(true).start();
                String out = new String(ping.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                if (!ping.waitFor(60, TimeUnit.SECONDS) || !out.startsWith("rtt-ms=")) {
                    throw new IOException("ping failed: " + out);
                }
                return Arrays.stream(out.substring(7, out.indexOf(' ')).split(","))
                        .mapToDouble(Double::parseDouble).sorted().toArray();
            } finally {
                echo.destroyForcibly();
                echo.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static void awaitListening(NamespaceNetwork net, Process server, int port) throws IOException,
            InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!net.listening(1, 0, port)) {
            if (!server.isAlive() || System.nanoTime() > deadline) {
                throw new IOException("iperf3 -s did not start listening on port " + port);
            }
            Thread.sleep(50);
        }
    }

    private static Network network(String part) throws IOException {
        String clusters = "\"clusters\": [{\"name\": \"A\", \"nodes\": 2}, {\"name\": \"B\", \"nodes\": 2}]";
        String json = "{\"name\": \"rates\", " + (part.startsWith("\"clusters\"") ? part : clusters + ", " + part) + "}";
        return NetworkModel.parse(json).resolve();
    }

    /** Bits per second from A/0 to B/0, as iperf3's receiver counts them. */
    private static double measure(Network network, int seconds) throws Exception {
        String prefix = "rbc" + ProcessHandle.current().pid() % 100_000;
        try (NamespaceNetwork net = NamespaceNetwork.build(new NamespaceTopology(prefix, ShapingPlan.of(network, false)))) {
            Process server = net.start(1, 0, List.of("iperf3", "-s", "-1", "-p", "5201")).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                awaitListening(net, server, 5201);
                List<String> client = new ArrayList<>(List.of("iperf3", "-c", AddressPlan.node(1, 0), "-p", "5201",
                        "-t", String.valueOf(seconds), "-J"));
                Process p = net.start(0, 0, client).start();
                byte[] out = p.getInputStream().readAllBytes();
                if (!p.waitFor(seconds + 30L, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new IOException("iperf3 did not finish");
                }
                JsonNode result = new ObjectMapper().readTree(out);
                return result.path("end").path("sum_received").path("bits_per_second").asDouble();
            } finally {
                server.destroyForcibly();
            }
        }
    }
}

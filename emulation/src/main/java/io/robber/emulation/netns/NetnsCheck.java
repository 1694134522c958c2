package io.robber.emulation.netns;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import io.robber.emulation.model.Scenarios;
import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.tc.NetemProbe;
import io.robber.emulation.tc.ShapingPlan;
import io.robber.planning.Units;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
 *       {@code SECONDS} (default 5), receiver side.</li>
 * </ul>
 * Needs root and iperf3 for {@code rates}.
 */
public final class NetnsCheck {
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
        } else {
            System.err.println("usage: NetnsCheck plan SCENARIO | rates [SECONDS] [RATE...]");
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

    private static Network network(String part) throws IOException {
        String clusters = "\"clusters\": [{\"name\": \"A\", \"nodes\": 2}, {\"name\": \"B\", \"nodes\": 2}]";
        String json = "{\"name\": \"rates\", " + (part.startsWith("\"clusters\"") ? part : clusters + ", " + part) + "}";
        return NetworkModel.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))).resolve();
    }

    /** Bits per second from A/0 to B/0, as iperf3's receiver counts them. */
    private static double measure(Network network, int seconds) throws Exception {
        String prefix = "rbc" + ProcessHandle.current().pid() % 100_000;
        try (NamespaceNetwork net = NamespaceNetwork.build(new NamespaceTopology(prefix, ShapingPlan.of(network, false)))) {
            Process server = net.start(1, 0, List.of("iperf3", "-s", "-1", "-p", "5201")).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                Thread.sleep(500);
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

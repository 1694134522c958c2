package io.robber.emulation.netns;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NodePlacement;
import io.robber.emulation.runner.Emulator;
import io.robber.emulation.runner.Experiment;
import io.robber.emulation.runner.RunResult;
import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.tc.NetemProbe;
import io.robber.emulation.tc.ShapingPlan;
import io.robber.emulation.toxi.WanProxies;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The netns backend: every node of the scenario a real {@code robber} process in its own network
 * namespace ({@link NamespaceNetwork}), the WAN shaped by the kernel ({@link ShapingPlan}). The root
 * (node 0 of the first cluster) runs {@code robber send} of a seeded random file of the scenario's
 * size, every other node {@code robber receive}; the result is the sender's JSON: time until every
 * copy was verified, the payload each cluster took in from the WAN, and the verdict (the nodes'
 * reports carry payload only, so there is no overhead, CPU or message count). Needs root and the fat jar (this class
 * must be loaded from {@code robber.jar}, or {@code -Drobber.jar=PATH}). The one-way delays come
 * from netem where the kernel has it, else from Toxiproxy on the hubs ({@link HubProxies}). Not
 * emulated: schedules (pair rates stay at their start values), and the monitoring data a
 * {@code balanced} root would need.
 */
public final class NetnsExperiment implements Emulator {
    private static final int COORDINATOR_PORT = 7800;
    /** Every node's data port: fixed, so that the WAN proxies know what to stand in front of. */
    private static final int DATA_PORT = 7900;
    /**
     * How long a receiver may take to connect to the coordinator. Receivers start one at a time,
     * each once the previous one has connected: started all at once, 63 cold JVMs on a loaded
     * 2-core machine starved each other (tc1-fast at scale 0.05: a receiver died of an
     * EOFException before the start, probably past the coordinator's 10 s handshake limit). The
     * run's time starts only once all are registered, so the sequential start does not count.
     */
    private static final long CONNECT_SECONDS = 120;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Experiment.Settings settings;

    public NetnsExperiment(Experiment.Settings settings) {
        this.settings = settings;
    }

    @Override
    public RunResult run(String scenario, Network network, String protocol, int repeat, double boundBytesPerSecond)
            throws IOException, InterruptedException {
        NamespaceNetwork.unavailableReason().ifPresent(why -> {
            throw new IllegalStateException("netns backend: " + why);
        });
        Path jar = jar();
        NetemProbe netem = NetemProbe.detect();
        ShapingPlan plan = ShapingPlan.of(network, netem.available());
        String prefix = "rbb" + ProcessHandle.current().pid() % 100_000;
        Path dir = Files.createTempDirectory("robber-netns-");
        List<Process> processes = new ArrayList<>();
        try (NamespaceNetwork net = NamespaceNetwork.build(new NamespaceTopology(prefix, plan));
             HubProxies proxies = delays(net, netem, dir)) {
            Path data = writeData(dir.resolve("data.bin"), network.dataSize(), settings.seed());
            Path secret = Files.writeString(dir.resolve("secret"), "netns-" + settings.seed());
            int receivers = -1;
            for (int c = 0; c < plan.clusterCount(); c++) {
                receivers += plan.nodes(c);
            }
            String coordinator = AddressPlan.node(0, 0) + ":" + COORDINATOR_PORT;
            String timeout = settings.timeout().toSeconds() + "s";
            Process root = net.start(0, 0, robber(jar, "send", data.toString(), "--listen", coordinator, "--expect",
                            String.valueOf(receivers), "--cluster", plan.clusters().get(0), "--id",
                            NodePlacement.memberId(plan.clusters().get(0), 0), "--data-port", String.valueOf(DATA_PORT),
                            "--protocol", protocol, "--piece-size",
                            String.valueOf(settings.pieceSizeFor(network.dataSize())), "--secret-file", secret.toString(),
                            "--timeout", timeout, "--json", "--quiet"))
                    .redirectOutput(dir.resolve("root.json").toFile())
                    .redirectError(dir.resolve("root.err").toFile()).start();
            processes.add(root);
            awaitCoordinator(net, root);
            List<String> ids = new ArrayList<>();
            for (int c = 0; c < plan.clusterCount(); c++) {
                for (int r = c == 0 ? 1 : 0; r < plan.nodes(c); r++) {
                    String id = NodePlacement.memberId(plan.clusters().get(c), r);
                    ids.add(id);
                    processes.add(net.start(c, r, robber(jar, "receive", "--coordinator", coordinator, "--listen",
                                    AddressPlan.node(c, r) + ":" + DATA_PORT, "--cluster", plan.clusters().get(c), "--id", id, "--out",
                                    dir.resolve("out-" + id).toString(), "--secret-file", secret.toString(),
                                    "--timeout", timeout, "--json", "--quiet"))
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .redirectError(dir.resolve(id + ".err").toFile()).start());
                    awaitConnected(net, processes, ids.size(), id, dir);
                }
            }
            awaitRoot(processes, ids, dir);
            return result(scenario, protocol, repeat, network, boundBytesPerSecond,
                    Files.readAllBytes(dir.resolve("root.json")), Files.readString(dir.resolve("root.err")));
        } finally {
            processes.forEach(Process::destroyForcibly);
            for (Process p : processes) {
                p.waitFor(10, TimeUnit.SECONDS);
            }
            delete(dir);
        }
    }

    /**
     * Where the one-way delays come from, said on stderr: netem in the plan's qdiscs, else
     * Toxiproxy on the hubs ({@link HubProxies}, closed with the run), else nowhere (with a warning);
     * {@code null} when there are no proxies to close.
     */
    private static HubProxies delays(NamespaceNetwork net, NetemProbe netem, Path dir) throws IOException,
            InterruptedException {
        if (netem.available()) {
            System.err.println("netns: " + netem);
            return null;
        }
        Optional<String> missing = HubProxies.unavailableReason();
        if (missing.isPresent()) {
            System.err.println("netns: " + netem + "; WARNING: no delays at all, " + missing.get());
            return null;
        }
        System.err.println("netns: " + netem + ": Toxiproxy latency toxics on the hubs");
        return HubProxies.start(net, WanProxies.of(net.plan(), services(net.plan())), dir);
    }

    /** Every node's data port and the root's coordinator: the services the WAN proxies stand in front of. */
    static List<WanProxies.Service> services(ShapingPlan plan) {
        List<WanProxies.Service> out = new ArrayList<>(List.of(new WanProxies.Service(0, 0, COORDINATOR_PORT)));
        for (int c = 0; c < plan.clusterCount(); c++) {
            for (int r = 0; r < plan.nodes(c); r++) {
                out.add(new WanProxies.Service(c, r, DATA_PORT));
            }
        }
        return out;
    }

    /**
     * Waits until the root's coordinator listens, so that receivers do not spend the coordinator's
     * handshake limit waiting for a root still starting.
     */
    private static void awaitCoordinator(NamespaceNetwork net, Process root) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!net.listening(0, 0, COORDINATOR_PORT)) {
            if (!root.isAlive() || System.nanoTime() > deadline) {
                throw new IOException("the root's coordinator did not come up on port " + COORDINATOR_PORT);
            }
            Thread.sleep(200);
        }
    }

    /** Waits until {@code count} receivers are connected to the root's coordinator; fails if the last one dies. */
    private static void awaitConnected(NamespaceNetwork net, List<Process> processes, int count, String id, Path dir)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CONNECT_SECONDS);
        Process last = processes.get(processes.size() - 1);
        while (net.connections(0, 0, COORDINATOR_PORT) < count) {
            if (!last.isAlive() || System.nanoTime() > deadline) {
                throw new IOException("receiver " + id + " did not connect to the coordinator within " + CONNECT_SECONDS
                        + " s: " + Files.readString(dir.resolve(id + ".err")).strip());
            }
            Thread.sleep(100);
        }
    }

    /**
     * Waits for the root (the first process); fails at once, naming it, when a receiver exits with
     * an error first, since the root would wait for it until {@code --wait} runs out.
     */
    private void awaitRoot(List<Process> processes, List<String> ids, Path dir) throws IOException,
            InterruptedException {
        Process root = processes.get(0);
        long deadline = System.nanoTime() + settings.timeout().plusMinutes(1).toNanos();
        while (!root.waitFor(1, TimeUnit.SECONDS)) {
            for (int i = 1; i < processes.size(); i++) {
                Process p = processes.get(i);
                if (!p.isAlive() && p.exitValue() != 0) {
                    String id = ids.get(i - 1);
                    throw new IOException("receiver " + id + " exited with " + p.exitValue() + " before the root was"
                            + " done: " + Files.readString(dir.resolve(id + ".err")).strip());
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("the root did not finish within " + settings.timeout().plusMinutes(1));
            }
        }
    }

    private RunResult result(String scenario, String protocol, int repeat, Network network, double bound, byte[] out,
                             String err) throws IOException {
        if (out.length == 0) {
            throw new IOException("the root printed no result; its stderr: " + err.strip());
        }
        JsonNode root = JSON.readTree(out);
        long bytes = network.dataSize();
        double seconds = root.path("seconds").asDouble();
        Map<String, Long> wanIn = new LinkedHashMap<>();
        network.nominal().clusters().forEach(c -> wanIn.put(c, 0L));
        for (JsonNode node : root.path("nodes")) {
            wanIn.merge(node.path("cluster").asText(), node.path("bytesIn").path("global").asLong(), Long::sum);
        }
        double mbps = seconds > 0 ? bytes / seconds / 1e6 : 0;
        String error = root.path("error").isMissingNode() || root.path("error").isNull() ? null
                : root.path("error").asText();
        return new RunResult(scenario, null, protocol, repeat, bytes, seconds, mbps, bound / 1e6,
                bound > 0 ? mbps / (bound / 1e6) * 100 : Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                root.path("verified").asBoolean(), wanIn, error);
    }

    private static List<String> robber(Path jar, String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> line = new ArrayList<>(List.of(java, "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-jar", jar.toString()));
        line.addAll(List.of(args));
        return line;
    }

    /** The fat jar this class came from, or {@code -Drobber.jar}. */
    static Path jar() {
        String property = System.getProperty("robber.jar");
        if (property != null) {
            return Path.of(property);
        }
        try {
            Path self = Path.of(NetnsExperiment.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (self.toString().endsWith(".jar")) {
                return self;
            }
        } catch (URISyntaxException | SecurityException e) {
            // fall through to the message below
        }
        throw new IllegalStateException("the netns backend runs robber.jar in each namespace: run it from the jar"
                + " (java -jar cli/target/robber.jar bench --backend netns ...) or pass -Drobber.jar=PATH");
    }

    private static Path writeData(Path file, long size, long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        byte[] block = new byte[1 << 16];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long left = size; left > 0; left -= block.length) {
                for (int i = 0; i < block.length; i += 8) {
                    long v = random.nextLong();
                    for (int k = 0; k < 8; k++) {
                        block[i + k] = (byte) (v >>> (8 * k));
                    }
                }
                out.write(block, 0, (int) Math.min(block.length, left));
            }
        }
        return file;
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

package io.robber.emulation.netns;

import io.robber.emulation.model.Network;
import io.robber.emulation.model.NodePlacement;
import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.tc.NetemProbe;
import io.robber.emulation.tc.ShapingPlan;
import io.robber.emulation.toxi.WanProxies;
import io.robber.planning.Capacities;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A transfer group as real processes: a {@link Network} built as a {@link NamespaceNetwork}, its
 * delays in netem or on the hubs' {@link HubProxies}, node 0 of the first cluster running
 * {@code robber send} of a seeded random file and every other node {@code robber receive}, each in
 * its own namespace. {@link #start} returns once every receiver has registered with the root, i.e.
 * as the transfer starts. Receivers start one at a time, each once the previous one has connected:
 * started all at once, 63 cold JVMs on a loaded 2-core machine starved each other (tc1-fast at
 * scale 0.05: a receiver died of an EOFException before the start). {@link #close} ends every
 * process, the proxies and the namespaces, and deletes the group's directory.
 */
public final class NetnsGroup implements AutoCloseable {
    /** The root's coordinator port. */
    public static final int COORDINATOR_PORT = 7800;
    /** Every node's data port: fixed, so that the WAN proxies know what to stand in front of. */
    public static final int DATA_PORT = 7900;
    /** How long a receiver may take to connect to the coordinator. */
    private static final long CONNECT_SECONDS = 120;
    private static final AtomicInteger GROUPS = new AtomicInteger();

    /**
     * How the group runs: {@code failureTimeout} {@code null} keeps robber's default; {@code seed}
     * makes the data.
     */
    public record Options(String protocol, long pieceSize, Duration timeout, Duration failureTimeout, long seed) {
    }

    /** One node: its process, where a receiver puts its copy ({@code null} for the root) and its stderr. */
    public record Member(String id, int cluster, int rank, Process process, Path out, Path err) {
        public boolean isRoot() {
            return out == null;
        }
    }

    private final Path dir;
    private final List<Member> members = new ArrayList<>();
    private NamespaceNetwork net;
    private HubProxies proxies;
    private Path data;
    private Capacities capacities;

    private NetnsGroup(Path dir) {
        this.dir = dir;
    }

    /** Builds the network, starts the root and the receivers, and returns once all have registered. */
    public static NetnsGroup start(Network network, Options options, Path jar) throws IOException,
            InterruptedException {
        NetnsGroup group = new NetnsGroup(Files.createTempDirectory("robber-netns-"));
        try {
            group.startAll(network, options, jar);
        } catch (IOException | RuntimeException | InterruptedException e) {
            group.close();
            throw e;
        }
        return group;
    }

    private void startAll(Network network, Options options, Path jar) throws IOException, InterruptedException {
        NetemProbe netem = NetemProbe.detect();
        ShapingPlan plan = ShapingPlan.of(network, netem.available());
        capacities = network.at(0);
        String prefix = "rbg" + ProcessHandle.current().pid() % 100_000 + GROUPS.getAndIncrement() % 100;
        net = NamespaceNetwork.build(new NamespaceTopology(prefix, plan));
        Optional<String> noProxies = HubProxies.unavailableReason();
        if (noProxies.isEmpty()) {
            proxies = HubProxies.start(net, WanProxies.of(plan, WanProxies.transfer(plan, COORDINATOR_PORT, DATA_PORT)), dir, !netem.available());
        }
        System.err.println("netns: " + netem + (netem.available() ? "" : noProxies.isEmpty()
                ? ": Toxiproxy latency toxics on the hubs" : "; WARNING: no delays at all, " + noProxies.get()));
        data = writeData(dir.resolve("data.bin"), network.dataSize(), options.seed());
        Path secret = Files.writeString(dir.resolve("secret"), "netns-" + options.seed());
        int receivers = -1;
        for (int c = 0; c < plan.clusterCount(); c++) {
            receivers += plan.nodes(c);
        }
        String coordinator = AddressPlan.node(0, 0) + ":" + COORDINATOR_PORT;
        List<String> common = new ArrayList<>(List.of("--secret-file", secret.toString(), "--timeout",
                options.timeout().toSeconds() + "s", "--json", "--quiet"));
        if (options.failureTimeout() != null) {
            common.addAll(List.of("--failure-timeout", options.failureTimeout().toMillis() + "ms"));
        }
        String rootId = NodePlacement.memberId(plan.clusters().get(0), 0);
        List<String> send = new ArrayList<>(List.of("send", data.toString(), "--listen", coordinator, "--expect",
                String.valueOf(receivers), "--cluster", plan.clusters().get(0), "--id", rootId, "--data-port",
                String.valueOf(DATA_PORT), "--protocol", options.protocol(), "--piece-size",
                String.valueOf(options.pieceSize())));
        send.addAll(common);
        Path rootErr = dir.resolve(rootId + ".err");
        Process root = net.start(0, 0, robber(jar, send)).redirectOutput(dir.resolve(rootId + ".json").toFile())
                .redirectError(rootErr.toFile()).start();
        members.add(new Member(rootId, 0, 0, root, null, rootErr));
        awaitCoordinator(root);
        for (int c = 0; c < plan.clusterCount(); c++) {
            for (int r = c == 0 ? 1 : 0; r < plan.nodes(c); r++) {
                String id = NodePlacement.memberId(plan.clusters().get(c), r);
                Path out = dir.resolve("out-" + id);
                Path err = dir.resolve(id + ".err");
                List<String> receive = new ArrayList<>(List.of("receive", "--coordinator", coordinator, "--listen",
                        AddressPlan.node(c, r) + ":" + DATA_PORT, "--cluster", plan.clusters().get(c), "--id", id,
                        "--out", out.toString()));
                receive.addAll(common);
                Process p = net.start(c, r, robber(jar, receive)).redirectOutput(dir.resolve(id + ".json").toFile())
                        .redirectError(err.toFile()).start();
                members.add(new Member(id, c, r, p, out, err));
                awaitConnected(members.size() - 1, members.get(members.size() - 1));
            }
        }
    }


    public NamespaceNetwork network() {
        return net;
    }

    /** The hubs' proxies, if Toxiproxy is there. */
    public Optional<HubProxies> proxies() {
        return Optional.ofNullable(proxies);
    }

    /** The capacities the network was built with. */
    public Capacities capacities() {
        return capacities;
    }

    /** The data set the root sends. */
    public Path data() {
        return data;
    }

    /** The root first, then the receivers by cluster and rank. */
    public List<Member> members() {
        return List.copyOf(members);
    }

    public Member member(int cluster, int rank) {
        return members.stream().filter(m -> m.cluster() == cluster && m.rank() == rank).findFirst().orElseThrow();
    }

    /** What {@code member} printed on stdout (its {@code --json} result). */
    public String stdout(Member member) throws IOException {
        return Files.readString(dir.resolve(member.id() + ".json"));
    }

    private void awaitCoordinator(Process root) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CONNECT_SECONDS);
        while (!net.listening(0, 0, COORDINATOR_PORT)) {
            if (!root.isAlive() || System.nanoTime() > deadline) {
                throw new IOException("the root's coordinator did not come up on port " + COORDINATOR_PORT + ": "
                        + Files.readString(members.get(0).err()).strip());
            }
            Thread.sleep(200);
        }
    }

    /** Waits until {@code count} receivers are connected to the root's coordinator; fails if the last one dies. */
    private void awaitConnected(int count, Member last) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CONNECT_SECONDS);
        while (net.connections(0, 0, COORDINATOR_PORT) < count) {
            if (!last.process().isAlive() || System.nanoTime() > deadline) {
                throw new IOException("receiver " + last.id() + " did not connect to the coordinator within "
                        + CONNECT_SECONDS + " s: " + Files.readString(last.err()).strip());
            }
            Thread.sleep(100);
        }
    }

    private static List<String> robber(Path jar, List<String> args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> line = new ArrayList<>(List.of(java, "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-jar", jar.toString()));
        line.addAll(args);
        return line;
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

    /** Ends every process (and waits for it), stops the proxies, removes the namespaces and the directory. */
    @Override
    public void close() throws IOException, InterruptedException {
        members.forEach(m -> m.process().destroyForcibly());
        for (Member m : members) {
            m.process().waitFor(10, TimeUnit.SECONDS);
        }
        if (proxies != null) {
            proxies.close();
        }
        if (net != null) {
            net.close();
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

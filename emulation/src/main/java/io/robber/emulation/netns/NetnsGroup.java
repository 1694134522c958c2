package io.robber.emulation.netns;

import io.robber.emulation.model.Network;
import io.robber.emulation.runner.LocalProcesses;
import io.robber.emulation.runner.SyntheticStorage;
import io.robber.emulation.runner.TransferCommands;
import io.robber.emulation.tc.NetemProbe;
import io.robber.emulation.tc.ShapingPlan;
import io.robber.emulation.toxi.WanProxies;
import io.robber.planning.Capacities;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

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
            proxies = HubProxies.start(net, WanProxies.of(plan, WanProxies.transfer(plan,
                    TransferCommands.COORDINATOR_PORT, TransferCommands.DATA_PORT)), dir, !netem.available());
        }
        System.err.println("netns: " + netem + (netem.available() ? "" : noProxies.isEmpty()
                ? ": Toxiproxy latency toxics on the hubs" : "; WARNING: no delays at all, " + noProxies.get()));
        data = writeData(dir.resolve("data.bin"), network.dataSize(), (int) options.pieceSize(), options.seed());
        Path secret = Files.writeString(dir.resolve("secret"), "netns-" + options.seed());
        TransferCommands commands = new TransferCommands(plan, options.protocol(), options.pieceSize(),
                options.timeout(), options.failureTimeout(), secret.toString());
        start(0, 0, commands.memberId(0, 0), null, commands.send(data.toString()), jar);
        awaitCoordinator(members.get(0).process());
        for (int c = 0; c < plan.clusterCount(); c++) {
            for (int r = c == 0 ? 1 : 0; r < plan.nodes(c); r++) {
                String id = commands.memberId(c, r);
                Path out = dir.resolve("out-" + id);
                Member receiver = start(c, r, id, out, commands.receive(c, r, out.toString()), jar);
                awaitConnected(members.size() - 1, receiver);
            }
        }
    }

    /** Starts node {@code rank} of {@code cluster} as member {@code id}, its JSON and stderr in the group's directory. */
    private Member start(int cluster, int rank, String id, Path out, List<String> args, Path jar) throws IOException {
        Path err = dir.resolve(id + ".err");
        Process p = net.start(cluster, rank, LocalProcesses.java("256m", List.of("-jar", jar.toString()), args))
                .redirectOutput(dir.resolve(id + ".json").toFile()).redirectError(err.toFile()).start();
        Member member = new Member(id, cluster, rank, p, out, err);
        members.add(member);
        return member;
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
        while (!net.listening(0, 0, TransferCommands.COORDINATOR_PORT)) {
            if (!root.isAlive() || System.nanoTime() > deadline) {
                throw new IOException("the root's coordinator did not come up on port " + TransferCommands.COORDINATOR_PORT + ": "
                        + Files.readString(members.get(0).err()).strip());
            }
            Thread.sleep(200);
        }
    }

    /** Waits until {@code count} receivers are connected to the root's coordinator; fails if the last one dies. */
    private void awaitConnected(int count, Member last) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CONNECT_SECONDS);
        while (net.connections(0, 0, TransferCommands.COORDINATOR_PORT) < count) {
            if (!last.process().isAlive() || System.nanoTime() > deadline) {
                throw new IOException("receiver " + last.id() + " did not connect to the coordinator within "
                        + CONNECT_SECONDS + " s: " + Files.readString(last.err()).strip());
            }
            Thread.sleep(100);
        }
    }

    /** The seeded data set, written from the generator of the in-process backends ({@link SyntheticStorage}). */
    private static Path writeData(Path file, long size, int pieceSize, long seed) throws IOException {
        SyntheticStorage source = SyntheticStorage.full(size, pieceSize, seed);
        ByteBuffer piece = ByteBuffer.allocate(pieceSize);
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            for (long position = 0; position < size; position += pieceSize) {
                piece.clear().limit((int) Math.min(pieceSize, size - position));
                source.read(position, piece);
                piece.flip();
                while (piece.hasRemaining()) {
                    out.write(piece);
                }
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
        LocalProcesses.deleteTree(dir);
    }
}

package io.robber.emulation.demo;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.ProtocolOptions;
import io.robber.api.Storage;
import io.robber.emulation.Backend;
import io.robber.emulation.EmulationBackend;
import io.robber.emulation.bound.ScheduleBound;
import io.robber.emulation.inprocess.EmulatedNetwork;
import io.robber.planning.Capacities;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NodePlacement;
import io.robber.emulation.runner.GroupOutcome;
import io.robber.emulation.runner.GroupRun;
import io.robber.emulation.runner.RuntimeThreads;
import io.robber.emulation.virtual.VirtualExperiment;
import io.robber.emulation.virtual.VirtualNetwork;
import io.robber.emulation.virtual.VirtualRun;
import io.robber.sim.LinkModel;
import io.robber.sim.Topology;
import io.robber.storage.MemoryStorage;
import io.robber.transport.LoopbackLayout;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One demo run: C clusters of M nodes, one root holding a generated data set, one multicast started
 * on every node at once. In process, every node on its loopback address and every copy verified
 * against the root's SHA-256 ({@link GroupRun}); in virtual time, the same engines without data
 * ({@link VirtualRun}). Over a scenario's emulated WAN, or unshaped connections without one.
 */
public final class Demo {
    private static final Logger LOG = LoggerFactory.getLogger(Demo.class);
    /** Members need addresses, which no socket uses in virtual time. */
    private static final int UNUSED_PORT = 1;

    /** What to run; {@code network} is the emulated WAN, or null for unshaped connections. */
    public record Settings(String protocol, int clusters, int nodesPerCluster, long size, int pieceSize, long seed,
                           Duration timeout, Network network, Backend backend) {
        public Settings {
            if (backend == Backend.NETNS || backend == Backend.DOCKER) {
                throw new IllegalArgumentException("the demo runs in process or in virtual time; the " + backend.id()
                        + " backend is for bench");
            }
        }

        public int nodes() {
            return clusters * nodesPerCluster;
        }
    }

    private final Settings settings;

    public Demo(Settings settings) {
        this.settings = settings;
    }

    public DemoResult run() throws IOException, InterruptedException {
        GroupOutcome outcome = settings.backend() == Backend.VIRTUAL ? virtual() : inProcess();
        return result(outcome);
    }

    private GroupOutcome inProcess() throws IOException, InterruptedException {
        MemoryStorage rootData = DemoData.generate(settings.size(), settings.seed());
        Manifest manifest = Manifest.compute(rootData, settings.pieceSize());
        LOG.info("generated {} bytes, {}", settings.size(), manifest);
        List<Storage> storages = new ArrayList<>(settings.nodes());
        storages.add(rootData);
        storages.addAll(emptyCopies(settings.nodes() - 1));
        RuntimeThreads threads = RuntimeThreads.ofThisMachine();
        Network network = settings.network();
        GroupRun.Setup setup = new GroupRun.Setup(settings.protocol(), options(), manifest, storages,
                settings.timeout(), threads.io(), threads.storage());
        return GroupRun.run(this::group,
                group -> network == null ? EmulationBackend.unshaped(group) : new EmulatedNetwork(network, group),
                setup, errors -> DemoVerifier.verify(storages, rootData, errors));
    }

    /**
     * The receivers' storages, made on every core: the JDK zeroes direct memory as it allocates it, a
     * second of one core for the default demo's 63 copies of 30 MB.
     */
    private List<MemoryStorage> emptyCopies(int count) {
        return IntStream.range(0, count).parallel().mapToObj(i -> new MemoryStorage(settings.size())).toList();
    }

    private GroupOutcome virtual() {
        Group group = group(UNUSED_PORT);
        Topology links = settings.network() == null
                ? LinkModel.clustered(group, VirtualNetwork.LOCAL_BYTES_PER_SECOND, VirtualNetwork.LOCAL_LATENCY_NANOS,
                        VirtualNetwork.LOCAL_BYTES_PER_SECOND, VirtualNetwork.LOCAL_LATENCY_NANOS)
                : new VirtualNetwork(settings.network(), group);
        return VirtualRun.run(group, links, settings.protocol(), options(),
                VirtualExperiment.dataless(settings.size(), settings.pieceSize()), settings.seed(), settings.timeout());
    }

    /** The scenario's nodes, or C clusters c0.. of M nodes c0n0.., on {@code port}. */
    private Group group(int port) {
        if (settings.network() != null) {
            return NodePlacement.group(settings.network(), port);
        }
        int[] sizes = new int[settings.clusters()];
        Arrays.fill(sizes, settings.nodesPerCluster());
        return LoopbackLayout.group(port, sizes);
    }

    private ProtocolOptions options() {
        ProtocolOptions options = ProtocolOptions.defaults(settings.seed());
        return settings.network() == null ? options
                : options.with(Capacities.MONITORING, settings.network().reported());
    }

    private DemoResult result(GroupOutcome outcome) {
        double seconds = outcome.seconds();
        double throughput = seconds == 0 ? 0 : Math.round(settings.size() / seconds / 1e6 * 100) / 100.0;
        Network network = settings.network();
        Double bound = network == null ? null : Math.round(ScheduleBound.of(network).rate() / 1e6 * 100) / 100.0;
        Double percent = bound == null ? null : Math.round(1000 * throughput / bound) / 10.0;
        return new DemoResult(settings.protocol(), settings.clusters(), settings.nodesPerCluster(), settings.size(),
                settings.pieceSize(), settings.seed(), seconds, throughput, outcome.verified(), outcome.nodes(),
                network == null ? null : network.name(), bound, percent, outcome.error());
    }
}

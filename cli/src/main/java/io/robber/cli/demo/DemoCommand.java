package io.robber.cli.demo;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.robber.api.Manifest;
import io.robber.cli.CliFailure;
import io.robber.cli.ExitCodes;
import io.robber.cli.JsonOutput;
import io.robber.cli.VersionProvider;
import io.robber.cli.convert.ByteSizeConverter;
import io.robber.cli.convert.ByteSizes;
import io.robber.cli.convert.DurationConverter;
import io.robber.cli.convert.ProtocolNames;
import io.robber.emulation.Backend;
import io.robber.emulation.demo.Demo;
import io.robber.emulation.demo.DemoResult;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.Scenarios;
import io.robber.emulation.runner.EmulationFailure;
import io.robber.transport.LoopbackLayout;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code robber demo}: an emulated multi-cluster WAN in one process, on loopback. */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Multicasts a generated data set from one root to every node of an emulated multi-cluster WAN in "
                    + "this process (cluster c's node n on 127.0.<c+1>.<n+1>), verifies every copy against the "
                    + "root's SHA-256 and prints a table with the throughput as a percentage of the network's "
                    + "theoretical maximum.",
            "By default the WAN is the Robber paper's tc1-fast scenario scaled to 5%% (4 clusters x 16 nodes, "
                    + "30 MB); --scenario none runs --clusters x --nodes-per-cluster on unshaped loopback.",
            "Traffic is 'local' within a cluster and 'global' across clusters.",
            "--protocol datacast --topology SPEC multicasts over a data-center network's edge-disjoint Steiner trees "
                    + "instead, every switch and server a relay on its own 127.2.x.y address (see --topology); "
                    + "--protocol rdcm or mctcp with --topology runs that protocol on the same network's packet-level "
                    + "fabric in virtual time."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.OK + ":success, every copy verified",
            ExitCodes.FAILED + ":the transfer or its verification failed",
            ExitCodes.USAGE + ":usage or configuration error"})
public final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--protocol", defaultValue = "robber", paramLabel = "NAME",
            completionCandidates = ProtocolNames.class,
            description = "Protocol: ${COMPLETION-CANDIDATES}; datacast, rdcm and mctcp also with --topology (default: "
                    + "${DEFAULT-VALUE}).")
    String protocol;

    @Option(names = "--backend", defaultValue = "inprocess", paramLabel = "NAME",
            description = "inprocess: real sockets on loopback, every copy verified; virtual: the same engines and "
                    + "links in virtual time, without data (default: ${DEFAULT-VALUE}).")
    String backend;

    @Option(names = "--scenario", paramLabel = "NAME",
            description = "Emulated WAN scenario (see 'robber bench --help'), a scenario .json file, or 'none' for "
                    + "unshaped loopback (default: tc1-fast; none when --clusters or --nodes-per-cluster is given).")
    String scenario;

    @Option(names = "--scale", defaultValue = "0.05", paramLabel = "F",
            description = "With a scenario: multiply its data size and schedule times by F (default: ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--clusters", paramLabel = "C",
            description = "With --scenario none: number of clusters, 1-" + LoopbackLayout.MAX_CLUSTERS + " (default: 4).")
    Integer clusters;

    @Option(names = "--nodes-per-cluster", paramLabel = "M",
            description = "With --scenario none: nodes in each cluster, 1-" + LoopbackLayout.MAX_NODES_PER_CLUSTER
                    + " (default: 4).")
    Integer nodesPerCluster;

    @Option(names = "--size", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "Size of the data set, e.g. 64MiB, 1.5GiB, 600MB, 1000 (bytes); KB/MB/GB are powers "
                    + "of 1000, KiB/MiB/GiB powers of 1024 (default: the scenario's scaled size; 64MiB without one; 2MB for datacast).")
    Long size;

    @Option(names = "--piece-size", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "Size of one piece (datacast: of a block, 250 packets by default), at most 64MiB (default: the "
                    + "size 'robber send' chooses, about 2048 pieces, a power of two between 64KiB and 4MiB).")
    Long pieceSize;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "N",
            description = "Seeds the data content and the protocol's peer graph (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--timeout", defaultValue = "5m", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Give up when the transfer takes longer, e.g. 90s, 10m (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--json",
            description = "Print one JSON object with the results on stdout instead of the table.")
    boolean json;

    @Mixin
    DatacastOptions datacast;

    @Override
    public Integer call() throws Exception {
        if (datacast.requested(protocol)) {
            if (scenario != null || clusters != null || nodesPerCluster != null) {
                throw new ParameterException(spec.commandLine(), "--scenario, --clusters and --nodes-per-cluster are "
                        + "the multi-cluster demo's; a demo on a data-center network runs on its --topology");
            }
            return datacast.run(spec, protocol, backend() == Backend.VIRTUAL, size, pieceSize, seed, timeout, json);
        }
        datacast.refuseOutside(spec);
        Demo.Settings settings = validate();
        PrintWriter out = spec.commandLine().getOut();
        if (!json) {
            out.printf("robber demo: protocol %s, %s%s%s x %s, %s in %s of %s, seed %d%n", settings.protocol(),
                    settings.backend() == Backend.VIRTUAL ? "virtual time, " : "",
                    settings.network() == null ? "" : "scenario " + settings.network().name() + " at scale " + scale
                            + ", ",
                    plural(settings.clusters(), "cluster"), plural(settings.nodesPerCluster(), "node"),
                    ByteSizes.format(settings.size()), plural(pieceCount(settings), "piece"),
                    ByteSizes.format(settings.pieceSize()), seed);
            out.flush();
        }
        DemoResult result;
        try {
            result = new Demo(settings).run();
        } catch (EmulationFailure e) {
            throw e.configuration() ? CliFailure.configuration(e.getMessage()) : CliFailure.failed(e.getMessage(), e);
        }
        if (json) {
            JsonOutput.write(out, result);
        } else {
            out.print(DemoTable.render(result));
            out.flush();
        }
        if (!result.verified()) {
            throw CliFailure.failed(result.failureSummary() + "; rerun with "
                    + "-Dorg.slf4j.simpleLogger.defaultLogLevel=debug for the transport's log", null);
        }
        return ExitCodes.OK;
    }

    private Demo.Settings validate() {
        ProtocolNames.require(spec, protocol);
        boolean shapeGiven = clusters != null || nodesPerCluster != null;
        String chosen = scenario != null ? scenario : shapeGiven ? "none" : "tc1-fast";
        Network network = chosen.equals("none") ? null : network(chosen);
        int c;
        int m;
        if (network == null) {
            c = clusters == null ? 4 : clusters;
            m = nodesPerCluster == null ? 4 : nodesPerCluster;
            requireRange("--clusters", c, 1, LoopbackLayout.MAX_CLUSTERS, String.valueOf(c));
            requireRange("--nodes-per-cluster", m, 1, LoopbackLayout.MAX_NODES_PER_CLUSTER, String.valueOf(m));
        } else {
            if (clusters != null || nodesPerCluster != null) {
                throw new ParameterException(spec.commandLine(), "--clusters and --nodes-per-cluster apply with "
                        + "--scenario none; the scenario " + network.name() + " fixes its own clusters");
            }
            c = network.nominal().clusterCount();
            m = network.nominal().nodes(0);
            for (int i = 1; i < c; i++) {
                if (network.nominal().nodes(i) != m) {
                    throw new ParameterException(spec.commandLine(), "the demo needs clusters of equal size; "
                            + "use 'robber bench' for scenario " + network.name());
                }
            }
        }
        long bytes = size != null ? size : network != null ? network.dataSize() : 64L << 20;
        requireRange("--size", bytes, 1, Long.MAX_VALUE, ByteSizes.format(bytes));
        if (network != null) {
            network = network.withDataSize(bytes);
        }
        long piece = pieceSize != null ? pieceSize : Manifest.pieceSizeFor(bytes);
        requireRange("--piece-size", piece, 1, Manifest.MAX_PIECE_SIZE, ByteSizes.format(piece));
        if ((bytes - 1) / piece + 1 >= Integer.MAX_VALUE) {
            throw new ParameterException(spec.commandLine(), "--size " + bytes + " makes too many pieces of "
                    + piece + " bytes: use a larger --piece-size");
        }
        Backend chosenBackend = backend();
        if (chosenBackend == Backend.INPROCESS) {
            checkMemory(bytes, c * m);
        }
        return new Demo.Settings(protocol, c, m, bytes, (int) piece, seed, timeout, network, chosenBackend);
    }

    private Backend backend() {
        Backend chosen;
        try {
            chosen = Backend.of(backend);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--backend: " + e.getMessage());
        }
        if (chosen == Backend.NETNS || chosen == Backend.DOCKER) {
            throw new ParameterException(spec.commandLine(), "--backend: the demo runs in process or in virtual time;"
                    + " use 'robber bench --backend " + chosen.id() + "'");
        }
        return chosen;
    }

    private Network network(String chosen) {
        if (!(scale > 0) || scale > 100) {
            throw new ParameterException(spec.commandLine(), "--scale must be in (0, 100], got " + scale);
        }
        try {
            return Scenarios.load(chosen).resolve().scaled(scale);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static String plural(long count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }

    private static long pieceCount(Demo.Settings settings) {
        return (settings.size() - 1) / settings.pieceSize() + 1;
    }

    private void requireRange(String option, long value, long min, long max, String shown) {
        if (value < min || value > max) {
            String limit = max == Long.MAX_VALUE ? "at least " + min
                    : max == Manifest.MAX_PIECE_SIZE ? "between 1 byte and 64MiB"
                    : "between " + min + " and " + max;
            throw new ParameterException(spec.commandLine(), option + " must be " + limit + ", got " + shown);
        }
    }

    /**
     * Every node keeps its copy in a {@link io.robber.storage.MemoryStorage}, in direct memory: refuse
     * runs that cannot fit instead of failing half-way.
     */
    private void checkMemory(long size, int nodes) {
        double needed = (double) size * nodes;
        long available = maxDirectMemory();
        if (needed > 0.85 * available) {
            throw CliFailure.configuration(String.format(java.util.Locale.ROOT,
                    "%d nodes x %s need %s of direct memory but the JVM may use %s: lower --size or the node "
                            + "count, or raise the limit (java -XX:MaxDirectMemorySize=%dg -jar robber.jar ...)",
                    nodes, ByteSizes.format(size), ByteSizes.format((long) needed),
                    ByteSizes.format(available), (long) Math.ceil(needed / 0.8 / (1L << 30))));
        }
    }

    /**
     * The JVM's limit of direct memory: {@code -XX:MaxDirectMemorySize}, by default (and on a JVM that
     * does not report it) the heap's maximum.
     */
    static long maxDirectMemory() {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        long set = vm == null ? 0 : Long.parseLong(vm.getVMOption("MaxDirectMemorySize").getValue());
        return set > 0 ? set : Runtime.getRuntime().maxMemory();
    }
}

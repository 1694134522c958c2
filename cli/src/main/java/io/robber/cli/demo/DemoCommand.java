package io.robber.cli.demo;

import io.robber.api.Manifest;
import io.robber.cli.CliFailure;
import io.robber.cli.ExitCodes;
import io.robber.cli.JsonOutput;
import io.robber.cli.VersionProvider;
import io.robber.cli.convert.ByteSizeConverter;
import io.robber.cli.convert.ByteSizes;
import io.robber.cli.convert.DurationConverter;
import io.robber.cli.convert.ProtocolNames;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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
            "Runs C clusters x M nodes in this process on loopback (node c<i>n<j> on 127.0.<i+1>.<j+1>), "
                    + "multicasts a generated data set from c0n0 with the chosen protocol, verifies every copy "
                    + "against the root's SHA-256 and prints a table.",
            "Traffic is 'local' within a cluster and 'global' across clusters."},
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
            description = "Protocol: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    String protocol;

    @Option(names = "--clusters", defaultValue = "4", paramLabel = "C",
            description = "Number of clusters, 1-" + DemoNetwork.MAX_CLUSTERS + " (default: ${DEFAULT-VALUE}).")
    int clusters;

    @Option(names = "--nodes-per-cluster", defaultValue = "4", paramLabel = "M",
            description = "Nodes in each cluster, 1-" + DemoNetwork.MAX_NODES_PER_CLUSTER
                    + " (default: ${DEFAULT-VALUE}).")
    int nodesPerCluster;

    @Option(names = "--size", defaultValue = "64MiB", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "Size of the data set, e.g. 64MiB, 1.5GiB, 600MB, 1000 (bytes); KB/MB/GB are powers "
                    + "of 1000, KiB/MiB/GiB powers of 1024 (default: ${DEFAULT-VALUE}).")
    long size;

    @Option(names = "--piece-size", defaultValue = "1MiB", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "Size of one piece, at most 64MiB (default: ${DEFAULT-VALUE}).")
    long pieceSize;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "N",
            description = "Seeds the data content and the protocol's peer graph (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--timeout", defaultValue = "5m", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Give up when the transfer takes longer, e.g. 90s, 10m (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--json",
            description = "Print one JSON object with the results on stdout instead of the table.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        DemoRun.Settings settings = validate();
        PrintWriter out = spec.commandLine().getOut();
        if (!json) {
            out.printf("robber demo: protocol %s, %s x %s, %s in %s of %s, seed %d%n",
                    settings.protocol(), plural(clusters, "cluster"), plural(nodesPerCluster, "node"),
                    ByteSizes.format(size), plural(pieceCount(), "piece"), ByteSizes.format(pieceSize), seed);
            out.flush();
        }
        DemoResult result = new DemoRun(settings).run();
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

    private DemoRun.Settings validate() {
        ProtocolNames.require(spec, protocol);
        requireRange("--clusters", clusters, 1, DemoNetwork.MAX_CLUSTERS, String.valueOf(clusters));
        requireRange("--nodes-per-cluster", nodesPerCluster, 1, DemoNetwork.MAX_NODES_PER_CLUSTER,
                String.valueOf(nodesPerCluster));
        requireRange("--size", size, 1, Long.MAX_VALUE, ByteSizes.format(size));
        requireRange("--piece-size", pieceSize, 1, Manifest.MAX_PIECE_SIZE, ByteSizes.format(pieceSize));
        if (pieceCount() >= Integer.MAX_VALUE) {
            throw new ParameterException(spec.commandLine(), "--size " + size + " makes too many pieces of "
                    + pieceSize + " bytes: use a larger --piece-size");
        }
        checkMemory();
        return new DemoRun.Settings(protocol, clusters, nodesPerCluster, size, (int) pieceSize, seed, timeout);
    }

    private static String plural(long count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }

    private long pieceCount() {
        return (size - 1) / pieceSize + 1;
    }

    private void requireRange(String option, long value, long min, long max, String shown) {
        if (value < min || value > max) {
            String limit = max == Long.MAX_VALUE ? "at least " + min
                    : max == Manifest.MAX_PIECE_SIZE ? "between 1 byte and 64MiB"
                    : "between " + min + " and " + max;
            throw new ParameterException(spec.commandLine(), option + " must be " + limit + ", got " + shown);
        }
    }

    /** Every node keeps its copy in memory: refuse runs that cannot fit instead of failing half-way. */
    private void checkMemory() {
        double needed = (double) size * clusters * nodesPerCluster;
        long available = Runtime.getRuntime().maxMemory();
        if (needed > 0.85 * available) {
            throw CliFailure.configuration(String.format(java.util.Locale.ROOT,
                    "%d nodes x %s need %s of memory but the JVM may use %s: lower --size or the node count, "
                            + "or raise the heap (java -Xmx%dg -jar robber.jar ...)",
                    clusters * nodesPerCluster, ByteSizes.format(size), ByteSizes.format((long) needed),
                    ByteSizes.format(available), (long) Math.ceil(needed / 0.8 / (1L << 30))));
        }
    }
}

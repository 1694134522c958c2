package io.robber.cli.bench;

import io.robber.api.Manifest;
import io.robber.cli.CliFailure;
import io.robber.cli.ExitCodes;
import io.robber.cli.VersionProvider;
import io.robber.cli.convert.ByteSizeConverter;
import io.robber.cli.convert.DurationConverter;
import io.robber.cli.convert.ProtocolNames;
import io.robber.emulation.Backend;
import io.robber.emulation.Benchmarks;
import io.robber.emulation.model.Scenarios;
import io.robber.emulation.perf.DataPlaneBench;
import io.robber.emulation.perf.DataPlaneReport;
import io.robber.emulation.perf.Timing;
import io.robber.emulation.runner.BenchReport;
import io.robber.emulation.runner.BenchRunner;
import io.robber.emulation.runner.EmulationFailure;
import io.robber.emulation.runner.Experiment;
import io.robber.emulation.runner.RunResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import io.robber.datacast.bench.TopologyBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code robber bench}: protocols × emulated WAN scenarios, reported against the theoretical maximum. */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Runs each protocol in each emulated WAN scenario (all nodes in this process on 127.x.y.z, links "
                    + "shaped and delayed in-process as in the Robber paper's Fig. 7; or, with --backend virtual, "
                    + "the same links in virtual time) and reports throughput as a percentage of the scenario's "
                    + "theoretical maximum, with CPU seconds per GiB received and control messages per piece per node.",
            "--backend virtual,inprocess runs each scenario and protocol on both: virtual time shows what the "
                    + "protocol achieves without CPU limits, in-process what this machine achieves; the table gains a "
                    + "backend column and ends with the percentages of the bound side by side.",
            "--data-plane measures instead the data plane's parts alone on this machine: the wire codec, the SHA-256 "
                    + "piece digest at 64KiB and 1MiB, and the piece exchange's bookkeeping in virtual time over free "
                    + "links.",
            "--topology SPEC compares instead group data delivery on a data-center topology in virtual time: Datacast, "
                    + "RDCM and MCTCP on the packet-level fabric, BT-Cornet and BT-Optimized as swarms (the Datacast "
                    + "paper's Fig. 14): finish time against the multi-tree ideal, link stress, duplicate data and cache "
                    + "hits. --loss, --fail-link, --fail-receiver and --background act on the fabric during the runs; "
                    + "--timeline writes RDCM's and MCTCP's rates over time.",
            "Scenarios: tc1-fast, tc1-slow, tc1-fast-to-slow, tc1-slow-to-fast, tc1-mayhem, tc2-c1..4, "
                    + "tc2-error-c1..4, tc3-{2,4}x{2,4,8,16}, tc4-{2,4}x{2,4,8,16}, or a path to a scenario .json file."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.OK + ":every run finished with verified data",
            ExitCodes.FAILED + ":a run failed or its data did not verify",
            ExitCodes.USAGE + ":usage or configuration error"})
public final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--scenario", split = ",", paramLabel = "NAME",
            description = "Scenario names (comma-separated) or scenario files; required unless --data-plane.")
    List<String> scenarios;

    @Option(names = "--backend", defaultValue = "inprocess", split = ",", paramLabel = "NAME",
            description = "inprocess: real sockets on loopback, wall-clock time; virtual: the same engines and "
                    + "links in virtual time, no data and no sockets, CPU shown as n/a; both, comma-separated, to "
                    + "compare them; netns (root) and docker (root, Docker, docker-compose): every node a robber "
                    + "process in its own network namespace or container, the WAN shaped by tc, delayed by netem or, without it, by Toxiproxy on the hubs "
                    + "(default: ${DEFAULT-VALUE}).")
    List<String> backends;

    @Option(names = "--protocols", defaultValue = "robber,mob", split = ",", paramLabel = "P",
            description = "Protocols, comma-separated: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).",
            completionCandidates = ProtocolNames.class)
    List<String> protocols;

    @Option(names = "--size", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "Data size instead of the scenario's own (600MB for TC1, 100MB for TC2, 1GB for TC3, "
                    + "512MB for TC4).")
    Long size;

    @Option(names = "--scale", defaultValue = "1", paramLabel = "F",
            description = "Multiply the data size and every schedule time by F, so that a short run sees the same "
                    + "dynamics (default: ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--rate-scale", defaultValue = "1", paramLabel = "K",
            description = "Multiply every bandwidth by K, for scenarios whose full rates exceed what this machine can "
                    + "emulate (test cases 3 and 4); the bound scales with it (default: ${DEFAULT-VALUE}).")
    double rateScale;

    @Option(names = "--repeat", defaultValue = "1", paramLabel = "N", description = "Runs per scenario and protocol.")
    int repeat;

    @Option(names = "--piece-size", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "Piece size (default: about 8192 pieces per data set, 16KiB to 1MiB).")
    Long pieceSize;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "N", description = "Seeds data and peer graphs.")
    long seed;

    @Option(names = "--timeout", defaultValue = "30m", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Give up on a run after this long (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--option", paramLabel = "KEY=VALUE",
            description = "A protocol option, repeatable: e.g. bittorrent.variant=cornet, balanced.root=A3, "
                    + "monitoring-file=net.json (replacing the scenario's reported capacities); with --topology, "
                    + "rdcm.congestion-control=bic (RDCM's BIC windows; default none). Before the first run every "
                    + "option is checked: a key that no protocol on the class path reads (a misspelt prefix too), a "
                    + "key that a chosen protocol does not know, or a value it refuses is a usage error. The "
                    + "netns and docker backends take no options.")
    Map<String, String> protocolOptions = new LinkedHashMap<>();

    @Mixin
    TopologyOptions topology = new TopologyOptions();

    @Option(names = "--data-plane",
            description = "Measure codec, digest and piece-exchange throughput instead of scenarios (about 25 s).")
    boolean dataPlane;

    @Option(names = "--iteration-time", defaultValue = "500ms", paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "With --data-plane: length of each of the 2 warm-up and 5 measured iterations of a "
                    + "benchmark (default: ${DEFAULT-VALUE}).")
    Duration iterationTime;

    @Option(names = "--json", description = "Print one JSON object {\"results\": [...]} on stdout instead of the table.")
    boolean json;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write the results as CSV.")
    Path csv;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write an HTML report with bar charts.")
    Path html;

    @Override
    public Integer call() throws Exception {
        if (topology.strayed()) {
            throw new ParameterException(spec.commandLine(), "--receivers, --group-fraction, --loss, --fail-link, "
                    + "--fail-receiver, --background and --timeline apply with --topology SPEC");
        }
        if (dataPlane) {
            return dataPlane();
        }
        if (topology.chosen()) {
            return topology();
        }
        List<Backend> chosen = validate();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Experiment.Settings defaults = Experiment.Settings.defaults();
        Experiment.Settings settings = new Experiment.Settings(pieceSize == null ? 0 : (int) (long) pieceSize, seed,
                defaults.ioThreads(), defaults.storageThreads(), timeout, protocolOptions);
        BenchRunner runner = Benchmarks.on(chosen, settings);
        BenchRunner.Plan plan = new BenchRunner.Plan(scenarios, protocols,
                size == null ? OptionalLong.empty() : OptionalLong.of(size), scale, rateScale, repeat);
        try {
            runner.check(plan);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        BenchReport report;
        try {
            report = runner.run(plan, r -> progress(err, r, chosen.size() > 1));
        } catch (EmulationFailure e) {
            throw e.configuration() ? CliFailure.configuration(e.getMessage()) : CliFailure.failed(e.getMessage(), e);
        }
        if (json) {
            out.println(report.json());
        } else {
            out.print(report.table());
        }
        out.flush();
        write(csv, report.csv());
        write(html, report.html());
        List<RunResult> bad = report.results().stream().filter(r -> !r.verified()).toList();
        if (!bad.isEmpty()) {
            RunResult first = bad.get(0);
            throw CliFailure.failed(bad.size() + " run(s) failed, first " + first.scenario() + "/" + first.protocol()
                    + ": " + (first.error() != null ? first.error() : "data did not verify"), null);
        }
        return ExitCodes.OK;
    }

    private int topology() {
        boolean chosen = spec.commandLine().getParseResult().hasMatchedOption("--protocols");
        return TopologyBenchRun.of(spec, topology, chosen ? protocols : TopologyBench.PAPER_PROTOCOLS, size, seed,
                repeat, scenarios != null, protocolOptions).execute(spec, json, csv, html);
    }

    private int dataPlane() throws IOException {
        if (scenarios != null) {
            throw new ParameterException(spec.commandLine(), "--data-plane runs no scenario: drop --scenario");
        }
        if (iterationTime.isZero() || iterationTime.isNegative()) {
            throw new ParameterException(spec.commandLine(), "--iteration-time must be positive");
        }
        DataPlaneReport report = new DataPlaneReport(new DataPlaneBench(Timing.of(iterationTime)).run());
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? report.json() + System.lineSeparator() : report.table());
        out.flush();
        return ExitCodes.OK;
    }

    private static void progress(PrintWriter err, RunResult r, boolean backend) {
        err.printf(Locale.ROOT, "bench: %s %s%s #%d: %.2f s, %.2f MB/s, %.1f%% of %.2f MB/s%s%n", r.scenario(),
                r.protocol(), backend ? " " + r.backend() : "", r.repeat(), r.seconds(), r.throughputMBps(), r.percentOfBound(), r.boundMBps(),
                r.verified() ? "" : " FAILED" + (r.error() == null ? "" : ": " + r.error()));
        err.flush();
    }

    private List<Backend> validate() {
        if (scenarios == null) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--scenario=NAME' "
                    + "(or --data-plane)");
        }
        protocols.forEach(p -> ProtocolNames.require(spec, p));
        for (String s : scenarios) {
            try {
                Scenarios.load(s).resolve();
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        if (!(scale > 0) || scale > 100) {
            throw new ParameterException(spec.commandLine(), "--scale must be in (0, 100], got " + scale);
        }
        if (!(rateScale > 0) || rateScale > 100) {
            throw new ParameterException(spec.commandLine(), "--rate-scale must be in (0, 100], got " + rateScale);
        }
        if (repeat < 1) {
            throw new ParameterException(spec.commandLine(), "--repeat must be at least 1");
        }
        if (pieceSize != null && (pieceSize < 1 || pieceSize > Manifest.MAX_PIECE_SIZE)) {
            throw new ParameterException(spec.commandLine(), "--piece-size must be between 1 byte and 64MiB");
        }
        if (size != null && size < 1) {
            throw new ParameterException(spec.commandLine(), "--size must be at least 1 byte");
        }
        try {
            List<Backend> chosen = backends.stream().map(Backend::of).distinct().toList();
            if (chosen.size() < backends.size()) {
                throw new ParameterException(spec.commandLine(), "--backend names a backend twice: " + backends);
            }
            return chosen;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--backend: " + e.getMessage());
        }
    }

    static void write(Path file, String content) {
        if (file == null) {
            return;
        }
        try {
            Files.writeString(file, content);
        } catch (IOException e) {
            throw CliFailure.configuration("cannot write " + file + ": " + e.getMessage()
                    + "; choose a writable location");
        }
    }
}

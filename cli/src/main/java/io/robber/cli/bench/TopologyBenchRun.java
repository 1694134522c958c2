package io.robber.cli.bench;

import io.robber.cli.ExitCodes;
import io.robber.datacast.bench.TopologyBench;
import io.robber.datacast.bench.TopologyRun;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologyFile;
import io.robber.datacast.topology.TopologySpec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code bench --topology}: every protocol for every group size and repeat on one data-center
 * topology ({@link TopologyBench}), each repeat a new random group that every protocol gets.
 *
 * @param protocols the protocols, {@link TopologyBench#PAPER_PROTOCOLS} unless chosen
 * @param dataBytes the data set's size
 * @param seed      seeds the groups (seed + repeat − 1) and the fabric's loss draws
 * @param protocolOptions {@code --option}s for the swarms, over the variants' own
 */
record TopologyBenchRun(TopologyOptions options, List<String> protocols, long dataBytes, long seed, int repeat,
        Map<String, String> protocolOptions) {
    /** 20 MB: the paper's 500 MB scaled down so a 1024-receiver run stays within minutes (docs/bench/datacast-fig14.md). */
    static final long DEFAULT_BYTES = 20_000_000L;

    /** Checks the options against each other and the topology, as usage errors. */
    static TopologyBenchRun of(CommandSpec spec, TopologyOptions options, List<String> protocols, Long size, long seed,
            int repeat, boolean scenarios, Map<String, String> protocolOptions) {
        if (scenarios) {
            throw new ParameterException(spec.commandLine(), "give either --scenario or --topology, not both");
        }
        if (options.receivers != null && options.groupFraction != null) {
            throw new ParameterException(spec.commandLine(), "give either --receivers or --group-fraction, not both");
        }
        if (options.groupFraction != null && !(options.groupFraction > 0 && options.groupFraction <= 1)) {
            throw new ParameterException(spec.commandLine(), "--group-fraction must be in (0, 1], got "
                    + options.groupFraction);
        }
        if (repeat < 1) {
            throw new ParameterException(spec.commandLine(), "--repeat must be at least 1");
        }
        if (size != null && size < 1) {
            throw new ParameterException(spec.commandLine(), "--size must be at least 1 byte");
        }
        for (String protocol : protocols) {
            try {
                TopologyBench.check(protocol);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        return new TopologyBenchRun(options, List.copyOf(new LinkedHashSet<>(protocols)),
                size == null ? DEFAULT_BYTES : size, seed, repeat, Map.copyOf(protocolOptions));
    }

    /** Runs everything, prints the table or JSON, writes the files asked for; fails when a run did not complete. */
    int execute(CommandSpec spec, boolean json, Path csv, Path html) {
        PrintWriter err = spec.commandLine().getErr();
        TopologyReport report = new TopologyReport(run(spec, r -> progress(err, r)));
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? report.json() + System.lineSeparator() : report.table());
        out.flush();
        BenchCommand.write(csv, report.csv());
        BenchCommand.write(html, report.html());
        report.requireComplete();
        return ExitCodes.OK;
    }

    /** Runs everything, telling {@code progress} after each run. */
    List<TopologyRun> run(CommandSpec spec, Consumer<TopologyRun> progress) {
        Topology topology = topology(spec);
        int servers = topology.network().servers().size();
        List<Integer> sizes = options.groupFraction != null
                ? List.of((int) Math.max(1, Math.round(options.groupFraction * (servers - 1))))
                : options.receivers == null ? List.of(8) : options.receivers;
        for (int receivers : sizes) {
            if (receivers < 1 || receivers >= servers) {
                throw new ParameterException(spec.commandLine(), "--receivers must be between 1 and " + (servers - 1)
                        + " on " + topology.spec() + "'s " + servers + " servers, got " + receivers);
            }
        }
        TopologyBench bench = new TopologyBench(topology, dataBytes, seed, protocolOptions);
        List<TopologyRun> runs = new ArrayList<>();
        for (int receivers : sizes) {
            for (int r = 1; r <= repeat; r++) {
                Group group = TopologyBench.randomGroup(topology.network(), receivers, seed + r - 1);
                for (String protocol : protocols) {
                    TopologyRun run = bench.run(protocol, group, r);
                    progress.accept(run);
                    runs.add(run);
                }
            }
        }
        return runs;
    }

    private Topology topology(CommandSpec spec) {
        try {
            return options.topology.endsWith(".json") ? TopologyFile.read(Path.of(options.topology))
                    : TopologySpec.parse(options.topology);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--topology: " + e.getMessage());
        }
    }

    static void progress(PrintWriter err, TopologyRun r) {
        err.printf(Locale.ROOT, "bench: %s %s %d receivers #%d: %.4f s (%.3f x ideal), link stress %.4f, "
                        + "%d events in %.1f s%s%n", r.topology(), r.protocol(), r.receivers(), r.repeat(),
                r.finishSeconds(), r.ofIdeal(), r.linkStress(), r.events(), r.wallSeconds(),
                r.complete() ? "" : " FAILED: " + r.error());
        err.flush();
    }
}

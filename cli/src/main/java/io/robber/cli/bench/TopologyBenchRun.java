package io.robber.cli.bench;

import io.robber.cli.ExitCodes;
import io.robber.cli.convert.TopologyArgument;
import io.robber.datacast.bench.FabricEvents;
import io.robber.datacast.bench.TopologyBench;
import io.robber.datacast.bench.TopologyRun;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.timeline.Timeline;
import io.robber.datacast.topology.Topology;
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
 * @param seed      seeds repeat r (seed + r − 1): its group, the receivers crashed at random, the
 *                  fabric's loss draws and background flows, a swarm's choices
 * @param protocolOptions {@code --option}s for the swarms, over the variants' own
 */
record TopologyBenchRun(TopologyOptions options, List<String> protocols, long dataBytes, long seed, int repeat,
        Map<String, String> protocolOptions) {
    /** 20 MB: the paper's 500 MB scaled down so a 1024-receiver run stays within minutes (docs/bench/datacast-fig14.md). */
    static final long DEFAULT_BYTES = 20_000_000L;
    /** The protocols that record a timeline. */
    private static final List<String> RECORDING = List.of(TopologyBench.RDCM, TopologyBench.MCTCP);

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
        Topology topology = TopologyArgument.parse(spec, options.topology);
        boolean timelines = options.timeline != null || html != null;
        TopologyReport report = new TopologyReport(run(spec, topology, timelines, r -> progress(err, r)),
                topology.network());
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? report.json() + System.lineSeparator() : report.table());
        out.flush();
        BenchCommand.write(csv, report.csv());
        BenchCommand.write(html, report.html());
        BenchCommand.write(options.timeline, report.timelineCsv());
        report.requireComplete();
        return ExitCodes.OK;
    }

    /** One run to make: a protocol for a group, with the fabric's events for it. */
    private record Planned(String protocol, Group group, int repeat, FabricEvents events) {
    }

    /**
     * Runs everything, recording rdcm's and mctcp's timelines if {@code timelines}, telling
     * {@code progress} after each run; every run is checked before the first starts.
     */
    List<TopologyResult> run(CommandSpec spec, Topology topology, boolean timelines, Consumer<TopologyRun> progress) {
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
        TopologyEvents events = TopologyEvents.of(spec, options, topology.network());
        TopologyBench bench = new TopologyBench(topology, dataBytes, seed, protocolOptions);
        List<Planned> plan = new ArrayList<>();
        for (int receivers : sizes) {
            for (int r = 1; r <= repeat; r++) {
                Group group = TopologyBench.randomGroup(topology.network(), receivers, seed + r - 1);
                FabricEvents fabric = events.forGroup(group, seed + r - 1);
                for (String protocol : protocols) {
                    try {
                        TopologyBench.check(protocol, fabric);
                        bench.checkOptions(protocol, group);
                    } catch (IllegalArgumentException e) {
                        throw new ParameterException(spec.commandLine(), e.getMessage());
                    }
                    plan.add(new Planned(protocol, group, r, fabric));
                }
            }
        }
        List<TopologyResult> results = new ArrayList<>();
        for (Planned planned : plan) {
            Timeline timeline = timelines && RECORDING.contains(planned.protocol()) ? bench.timeline(planned.group())
                    : null;
            TopologyRun run = bench.run(planned.protocol(), planned.group(), planned.repeat(), planned.events(),
                    timeline);
            progress.accept(run);
            results.add(new TopologyResult(run, timeline));
        }
        return results;
    }

    static void progress(PrintWriter err, TopologyRun r) {
        err.printf(Locale.ROOT, "bench: %s %s %d receivers #%d: %s s (%s x ideal), link stress %s, "
                        + "%d events in %.1f s%s%n", r.topology(), r.protocol(), r.receivers(), r.repeat(),
                TopologyReport.fixed(r.finishSeconds(), 4), TopologyReport.fixed(r.ofIdeal(), 3),
                TopologyReport.fixed(r.linkStress(), 4), r.events(), r.wallSeconds(),
                r.complete() ? "" : " FAILED: " + r.error());
        err.flush();
    }
}

package io.robber.cli.demo;

import io.robber.cli.CliFailure;
import io.robber.cli.ExitCodes;
import io.robber.cli.JsonOutput;
import io.robber.cli.convert.ByteSizes;
import io.robber.cli.convert.TopologyArgument;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologySpec;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code robber demo --protocol datacast}'s options, and the run they describe. */
public final class DatacastOptions {
    static final long DEFAULT_SIZE = 2_000_000;
    static final double DEFAULT_LINK_RATE_MBPS = 10;
    static final int BLOCK_PACKETS = 250;
    /** The protocols whose demo on a topology runs on the fabric in virtual time only. */
    static final List<String> FABRIC_ONLY = List.of("rdcm", "mctcp");
    /** 1 GB: RDCM's and MCTCP's per-packet state for a million packets. */
    static final long MAX_FABRIC_BYTES = 1_000_000_000L;

    @Option(names = "--topology", paramLabel = "SPEC|FILE.json",
            description = "With --protocol datacast, rdcm or mctcp: the data-center network (rdcm and mctcp in virtual "
                    + "time), bcube:n,k, fattree:n,k, torus:n,k or "
                    + "leafspine:spines,leaves,hosts, or a topology file (JSON, links with profiles of their own); "
                    + "the first server is the source.")
    String topology;

    @Option(names = "--receivers", paramLabel = "N",
            description = "With --topology: N receivers chosen at random (default: every other server).")
    Integer receivers;

    @Option(names = "--group-fraction", paramLabel = "F",
            description = "With --topology: this fraction of the other servers as receivers, chosen at random.")
    Double groupFraction;

    @Option(names = "--fail-links", paramLabel = "P",
            description = "With --topology: fail this fraction of the links at random before the trees are planned "
                    + "(default: 0).")
    Double failLinks;

    @Option(names = "--link-rate", paramLabel = "MBIT/S",
            description = "With --topology: the standard link's rate, scaled down from the paper's 1 Gbit/s to what "
                    + "this machine moves on loopback; a topology file's other links keep their ratio to it, and the "
                    + "transport's times and the links' delays scale with it (default: 10; the output's wall clock "
                    + "against the finish time says whether the machine kept up).")
    Double linkRate;

    /** Whether the options ask for a demo on a topology. */
    boolean requested(String protocol) {
        return topology != null || "datacast".equals(protocol);
    }

    /** Refuses Datacast's options in the multi-cluster demo. */
    void refuseOutside(CommandSpec spec) {
        if (receivers != null || groupFraction != null || failLinks != null || linkRate != null) {
            throw new ParameterException(spec.commandLine(), "--receivers, --group-fraction, --fail-links and "
                    + "--link-rate apply with --protocol datacast --topology SPEC");
        }
    }

    /** Runs the demo on the topology (Datacast's, or RDCM's and MCTCP's) and prints its table or JSON; the exit code. */
    int run(CommandSpec spec, String protocol, boolean virtual, Long size, Long blockSize, long seed, Duration timeout,
            boolean json) throws InterruptedException {
        if (topology != null && FABRIC_ONLY.contains(protocol)) {
            return runOnFabric(spec, protocol, size, blockSize, seed, json);
        }
        if (!"datacast".equals(protocol) || topology == null) {
            throw new ParameterException(spec.commandLine(), "--topology goes with --protocol datacast, rdcm or mctcp, "
                    + "and Datacast's demo needs a --topology, e.g. --protocol datacast --topology bcube:4,1");
        }
        DatacastDemo.Plan plan = plan(spec, virtual, size, blockSize, seed, timeout);
        PrintWriter out = spec.commandLine().getOut();
        if (!json) {
            double scale = plan.linkRateBitsPerSecond() / 1e9;
            out.printf(Locale.ROOT, "robber demo: protocol datacast, %s, %s, source %s, %d receivers, %d failed links, "
                            + "%d trees, %s, links at %.0f Mbit/s (%s), seed %d%n",
                    virtual ? "virtual time" : "real time on loopback", plan.topology(), plan.group().source().name(),
                    plan.group().receivers().size(), plan.failed().count(), plan.trees().size(),
                    ByteSizes.format(plan.size()), plan.linkRateBitsPerSecond() / 1e6,
                    scale == 1 ? "the paper's" : String.format(Locale.ROOT, "the paper's 1 Gbit/s x %s for this machine, "
                            + "its delay and the transport's times x %s", trim(scale), trim(1 / scale)), seed);
            out.flush();
        }
        DatacastDemoResult result = DatacastDemo.run(plan);
        if (json) {
            JsonOutput.write(out, result);
        } else {
            out.print(DatacastDemoTable.render(result));
            out.flush();
        }
        if (!result.succeeded()) {
            throw CliFailure.failed(result.complete() ? "a receiver's copy differs from the source's data"
                    : "not every receiver got every packet within --timeout " + timeout, null);
        }
        return ExitCodes.OK;
    }

    /** RDCM's or MCTCP's run on the fabric in virtual time; the exit code. */
    private int runOnFabric(CommandSpec spec, String protocol, Long size, Long blockSize, long seed, boolean json) {
        var parsed = spec.commandLine().getParseResult();
        if (parsed.hasMatchedOption("--backend") && !"virtual".equals(parsed.matchedOptionValue("--backend", ""))) {
            throw new ParameterException(spec.commandLine(), protocol + " runs on the data-center fabric in virtual "
                    + "time only: drop --backend, or drop --topology for real bytes through MulticastChannel on an "
                    + "emulated WAN");
        }
        if (failLinks != null || linkRate != null || blockSize != null) {
            throw new ParameterException(spec.commandLine(), "--fail-links, --link-rate and --piece-size are Datacast's;"
                    + " " + protocol + " runs at the topology's rates: try 'robber bench --topology " + topology
                    + " --protocols " + protocol + " --fail-link AT:A-B' for failures");
        }
        long bytes = size == null ? DEFAULT_SIZE : size;
        if (bytes < 1 || bytes > MAX_FABRIC_BYTES) {
            throw new ParameterException(spec.commandLine(), "--size must be between 1 byte and "
                    + ByteSizes.format(MAX_FABRIC_BYTES) + " for " + protocol + "'s demo, got " + ByteSizes.format(bytes));
        }
        Topology chosen = TopologyArgument.parse(spec, topology);
        Group group = group(spec, chosen.network(), new Random(seed));
        PrintWriter out = spec.commandLine().getOut();
        if (!json) {
            out.printf(Locale.ROOT, "robber demo: protocol %s, virtual time on the packet-level fabric, %s, source %s, "
                            + "%d receivers, %s, links at the topology's rates, seed %d%n", protocol, topology,
                    group.source().name(), group.receivers().size(), ByteSizes.format(bytes), seed);
            out.flush();
        }
        FabricDemo.Result result = FabricDemo.run(chosen, protocol, group, bytes, seed);
        if (json) {
            JsonOutput.write(out, result);
        } else {
            out.print(FabricDemo.render(result));
            out.flush();
        }
        if (!result.complete()) {
            throw CliFailure.failed(protocol + " did not deliver everything: " + result.error(), null);
        }
        return ExitCodes.OK;
    }

    private static String trim(double value) {
        return new BigDecimal(value).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    private DatacastDemo.Plan plan(CommandSpec spec, boolean virtual, Long size, Long blockSize, long seed,
            Duration timeout) {
        double rate = linkRate == null ? DEFAULT_LINK_RATE_MBPS : linkRate;
        double failed = failLinks == null ? 0 : failLinks;
        long bytes = size == null ? DEFAULT_SIZE : size;
        if (!(rate >= 1 && rate <= 100_000)) {
            throw new ParameterException(spec.commandLine(), "--link-rate must be between 1 and 100000 Mbit/s, got " + rate);
        }
        if (!(failed >= 0 && failed < 1)) {
            throw new ParameterException(spec.commandLine(), "--fail-links must be a fraction in [0, 1), got " + failed);
        }
        if (bytes < 1 || bytes > Integer.MAX_VALUE - 8) {
            throw new ParameterException(spec.commandLine(), "--size must be between 1 byte and 2GiB for Datacast's "
                    + "demo, got " + ByteSizes.format(bytes));
        }
        long bitsPerSecond = Math.round(rate * 1e6);
        Topology given = TopologyArgument.parse(spec, topology);
        Topology chosen;
        try {
            chosen = TopologySpec.parse(given.spec(), given.linkProfiles().scaledTo(bitsPerSecond));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--topology: " + e.getMessage());
        }
        Network network = chosen.network();
        if (!virtual && network.linkCount() > 2048) {
            throw new ParameterException(spec.commandLine(), "--topology " + topology + " has " + network.linkCount()
                    + " links; real time on loopback opens two sockets per link, so it takes at most 2048: use "
                    + "--backend virtual");
        }
        Random random = new Random(seed);
        FailedLinks down = FailedLinks.random(network, failed, random);
        Group group = group(spec, network, random);
        MultipleSteinerTrees algorithm = MultipleSteinerTrees.on(chosen);
        if (!algorithm.connected(group, down)) {
            throw CliFailure.configuration("with " + down.count() + " failed links (seed " + seed + ") some receivers "
                    + "cannot be reached from the source " + group.source().name() + ": lower --fail-links or change --seed");
        }
        List<SteinerTree> trees = algorithm.calculate(group, down).trees();
        int payload = DatacastDemo.TESTBED.payloadBytes();
        int blockPackets = blockSize == null ? BLOCK_PACKETS : (int) Math.max(1, Math.min(1 << 20, blockSize / payload));
        return new DatacastDemo.Plan(topology, network, group, down, trees, bitsPerSecond, (int) bytes, blockPackets,
                seed, virtual, timeout);
    }

    private Group group(CommandSpec spec, Network network, Random random) {
        if (receivers != null && groupFraction != null) {
            throw new ParameterException(spec.commandLine(), "give either --receivers or --group-fraction, not both");
        }
        Node source = network.servers().get(0);
        List<Node> others = network.servers().subList(1, network.servers().size());
        int count = others.size();
        if (receivers != null) {
            count = receivers;
        } else if (groupFraction != null) {
            if (!(groupFraction > 0 && groupFraction <= 1)) {
                throw new ParameterException(spec.commandLine(), "--group-fraction must be in (0, 1], got " + groupFraction);
            }
            count = (int) Math.max(1, Math.round(groupFraction * others.size()));
        }
        if (count < 1 || count > others.size()) {
            throw new ParameterException(spec.commandLine(), "--receivers must be between 1 and " + others.size()
                    + " on " + network.servers().size() + " servers, got " + count);
        }
        return count < others.size() ? Group.sample(source, others, count, random) : new Group(source, others);
    }
}

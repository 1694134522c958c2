package io.robber.cli.trees;

import io.robber.cli.CliFailure;
import io.robber.cli.ExitCodes;
import io.robber.cli.JsonOutput;
import io.robber.cli.VersionProvider;
import io.robber.cli.convert.TopologyArgument;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTreeSet;
import io.robber.datacast.steiner.TreeBound;
import io.robber.datacast.steiner.TreeVerifier;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code robber trees}: the Datacast paper's multiple edge-disjoint Steiner trees of a group on a data-center topology. */
@Command(name = "trees",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Computes the edge-disjoint Steiner trees from a source to its receivers on a data-center topology, as "
                    + "Datacast does (its paper's section 4.1: the topology's spanning trees, pruned to the group, "
                    + "broken ones rebuilt by breadth-first search around failed links), verifies them and prints "
                    + "each tree's links and depth, the upper bound on their number and the time taken.",
            "Trees are disjoint in arcs: a link may carry one tree each way."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.OK + ":success, every tree verified",
            ExitCodes.FAILED + ":a tree failed verification",
            ExitCodes.USAGE + ":usage or configuration error"})
public final class TreesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--topology", required = true, paramLabel = "SPEC",
            description = "bcube:n,k, fattree:n,k (n-port switches, k layers), torus:n,k, leafspine:spines,leaves,hosts, "
                    + "or a topology .json file.")
    String topology;

    @Option(names = "--group", paramLabel = "LIST|FILE",
            description = "The group's servers, comma-separated (e.g. 00,02,10) or in a file (separated by commas, "
                    + "spaces or lines); the first is the source unless --source is given (default: every server).")
    String group;

    @Option(names = "--receivers", paramLabel = "N",
            description = "Instead of --group: N receivers chosen at random among the servers other than the source.")
    Integer receivers;

    @Option(names = "--source", paramLabel = "SERVER",
            description = "The source server (default: the group's first server, or the topology's first).")
    String source;

    @Option(names = "--fail-links", defaultValue = "0", paramLabel = "P",
            description = "Fail this fraction of the links, chosen at random, e.g. 0.03 for three percent (default: ${DEFAULT-VALUE}).")
    double failLinks;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N",
            description = "Seeds the choice of failed links and of --receivers (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--repeat", defaultValue = "1", paramLabel = "N",
            description = "Compute the trees N times and report the median wall-clock and CPU time of one computation "
                    + "(default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--json",
            description = "Print one JSON object with the trees and figures on stdout instead of the text.")
    boolean json;

    @Override
    public Integer call() {
        if (!(failLinks >= 0 && failLinks <= 1)) {
            throw new ParameterException(spec.commandLine(), "--fail-links must be a fraction between 0 and 1, got " + failLinks);
        }
        if (repeat < 1) {
            throw new ParameterException(spec.commandLine(), "--repeat must be at least 1, got " + repeat);
        }
        Topology chosen = topology();
        Network network = chosen.network();
        Random random = new Random(seed);
        FailedLinks failed = FailedLinks.random(network, failLinks, random);
        Group members = group(network, random);
        MultipleSteinerTrees algorithm = MultipleSteinerTrees.on(chosen);

        Timed<SteinerTreeSet> timed = Timed.run(repeat, () -> algorithm.calculate(members, failed));
        SteinerTreeSet trees = timed.result();
        List<String> problems = TreeVerifier.problems(network, members, failed, trees.trees());
        TreesReport report = TreesReport.of(chosen, members, failed, seed, trees,
                TreeBound.of(network, members, failed), algorithm.connected(members, failed), problems.isEmpty(),
                timed.millis(), timed.cpuMillis(), repeat);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            JsonOutput.write(out, report);
        } else {
            out.print(TreesText.render(report));
            out.flush();
        }
        if (!problems.isEmpty()) {
            throw CliFailure.failed("the trees failed verification: " + String.join("; ", problems)
                    + " (please report it with the command line you ran)", null);
        }
        return ExitCodes.OK;
    }

    private Topology topology() {
        return TopologyArgument.parse(spec, topology);
    }

    private Group group(Network network, Random random) {
        if (group != null && receivers != null) {
            throw new ParameterException(spec.commandLine(), "give either --group or --receivers, not both");
        }
        List<Node> servers = group == null ? network.servers() : option("--group", () -> members(network));
        Node from = source == null ? servers.get(0) : option("--source", () -> server(network, source));
        List<Node> others = servers.stream().filter(s -> !s.equals(from)).toList();
        if (receivers != null) {
            if (receivers < 1 || receivers > others.size()) {
                throw new ParameterException(spec.commandLine(), "--receivers must be between 1 and "
                        + others.size() + " on " + network.servers().size() + " servers, got " + receivers);
            }
            return Group.sample(from, others, receivers, random);
        }
        return option("--group", () -> new Group(from, others));
    }

    /** The value, or the library's one-line complaint as a usage error naming the option. */
    private <T> T option(String name, java.util.function.Supplier<T> value) {
        try {
            return value.get();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), name + ": " + e.getMessage());
        }
    }

    private List<Node> members(Network network) {
        String list = group;
        Path file = Path.of(group);
        if (Files.isRegularFile(file)) {
            try {
                list = Files.readString(file);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
            }
        }
        List<Node> members = Arrays.stream(list.split("[,\\s]+")).filter(name -> !name.isEmpty())
                .map(name -> server(network, name)).toList();
        if (members.isEmpty()) {
            throw new IllegalArgumentException("no servers in '" + group + "'");
        }
        return members;
    }

    private static Node server(Network network, String name) {
        Node node = network.node(name);
        if (!node.isServer()) {
            throw new IllegalArgumentException(name + " is a switch; groups are made of servers");
        }
        return node;
    }
}

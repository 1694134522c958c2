package io.robber.cli.bench;

import io.robber.cli.convert.DurationConverter;
import io.robber.datacast.bench.BackgroundFlows;
import io.robber.datacast.bench.FabricEvents;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code bench --topology}'s {@code --loss}, {@code --fail-link}, {@code --fail-receiver} and
 * {@code --background}, checked against the network once and made into each group's
 * {@link FabricEvents}: a crash without a node takes one of that group's receivers at random.
 */
final class TopologyEvents {
    /** A receiver crash as given: its time, and its node or −1 for one at random. */
    private record Crash(long atNanos, int node) {
    }

    private final CommandSpec spec;
    private final Network network;
    private final double loss;
    private final List<FabricEvents.LinkFailure> linkFailures;
    private final List<Crash> crashes;
    private final BackgroundFlows background;

    private TopologyEvents(CommandSpec spec, Network network, double loss, List<FabricEvents.LinkFailure> linkFailures,
            List<Crash> crashes, BackgroundFlows background) {
        this.spec = spec;
        this.network = network;
        this.loss = loss;
        this.linkFailures = linkFailures;
        this.crashes = crashes;
        this.background = background;
    }

    /** The options' events on {@code network}; a usage error naming the option for anything wrong. */
    static TopologyEvents of(CommandSpec spec, TopologyOptions options, Network network) {
        double loss = options.loss == null ? 0 : options.loss;
        if (!(loss >= 0 && loss < 1)) {
            throw new ParameterException(spec.commandLine(), "--loss must be a fraction in [0, 1), got " + loss);
        }
        List<FabricEvents.LinkFailure> links = new ArrayList<>();
        for (String given : options.failLinks) {
            links.add(option(spec, "--fail-link", given, () -> linkFailure(network, given)));
        }
        List<Crash> crashes = new ArrayList<>();
        for (String given : options.failReceivers) {
            crashes.add(option(spec, "--fail-receiver", given, () -> crash(network, given)));
        }
        BackgroundFlows background = option(spec, "--background", String.join(" ", options.background),
                () -> BackgroundFlows.parse(options.background, network));
        return new TopologyEvents(spec, network, loss, List.copyOf(links), List.copyOf(crashes), background);
    }

    private static <T> T option(CommandSpec spec, String option, String given, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), option + " " + given + ": " + e.getMessage());
        }
    }

    private static FabricEvents.LinkFailure linkFailure(Network network, String given) {
        int colon = given.indexOf(':');
        int dash = given.indexOf('-', colon + 1);
        if (colon < 0 || dash < 0) {
            throw new IllegalArgumentException("give the time and the link's two ends as AT:A-B, e.g. 20ms:10-<0,1>,"
                    + " or AT..UP:A-B for a link that comes back up, e.g. 20ms..50ms:10-<0,1>");
        }
        Node a = network.node(given.substring(colon + 1, dash));
        Node b = network.node(given.substring(dash + 1));
        int link = network.linkBetween(a.index(), b.index());
        if (link < 0) {
            throw new IllegalArgumentException("no link between " + a.name() + " and " + b.name());
        }
        String times = given.substring(0, colon);
        int dots = times.indexOf("..");
        if (dots < 0) {
            return new FabricEvents.LinkFailure(at(times), link);
        }
        return new FabricEvents.LinkFailure(at(times.substring(0, dots)), link, at(times.substring(dots + 2)));
    }

    private static Crash crash(Network network, String given) {
        int colon = given.indexOf(':');
        if (colon < 0) {
            return new Crash(at(given), -1);
        }
        Node node = network.node(given.substring(colon + 1));
        if (!network.servers().contains(node)) {
            throw new IllegalArgumentException(node.name() + " is a switch; receivers are servers");
        }
        return new Crash(at(given.substring(0, colon)), node.index());
    }

    private static long at(String text) {
        return DurationConverter.parse(text, true).toNanos();
    }

    /** Whether anything happens to the fabric. */
    boolean any() {
        return loss > 0 || !linkFailures.isEmpty() || !crashes.isEmpty() || background.any();
    }

    /** The events of a run for {@code group}: unnamed crashes take distinct receivers drawn with {@code seed}. */
    FabricEvents forGroup(Group group, long seed) {
        List<Node> left = new ArrayList<>(group.receivers());
        for (Crash crash : crashes) {
            if (crash.node() >= 0 && !left.remove(network.node(crash.node()))) {
                throw new ParameterException(spec.commandLine(), "--fail-receiver: " + network.node(crash.node()).name()
                        + " is not a receiver of the group " + group.receivers().stream().map(Node::name).toList()
                        + " (or crashes twice): leave out the node for one chosen at random, or use --group-fraction 1");
            }
        }
        Random random = new Random(seed);
        List<FabricEvents.ReceiverCrash> resolved = new ArrayList<>();
        for (Crash crash : crashes) {
            int node = crash.node();
            if (node < 0) {
                if (left.isEmpty()) {
                    throw new ParameterException(spec.commandLine(), "--fail-receiver: " + crashes.size()
                            + " crashes but the group has " + group.receivers().size() + " receivers");
                }
                node = left.remove(random.nextInt(left.size())).index();
            }
            resolved.add(new FabricEvents.ReceiverCrash(crash.atNanos(), node));
        }
        return new FabricEvents(loss, linkFailures, resolved, background);
    }
}

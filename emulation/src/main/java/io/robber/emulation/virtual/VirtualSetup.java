package io.robber.emulation.virtual;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NodePlacement;
import io.robber.emulation.model.Scenarios;
import io.robber.emulation.runner.Experiment;
import io.robber.sim.SimBuilder;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * One emulated network prepared for virtual time: its group (members need addresses, which no socket
 * uses here), a dataless manifest in the settings' pieces, and a {@link SimBuilder} for one multicast
 * from member 0. What {@link VirtualExperiment} runs, and what the trace tools of {@code docs/bench/tools}
 * run with a {@link io.robber.sim.PieceTrace} added.
 */
public record VirtualSetup(Network network, Experiment.Settings settings, Group group, Manifest manifest) {
    /** Members need addresses, which no socket uses here. */
    private static final int UNUSED_PORT = 1;

    /** A scenario of the library (or a file) at full size, in the bench's piece size, with {@code seed}. */
    public static VirtualSetup of(String scenario, long seed) {
        return of(scenario, seed, Map.of());
    }

    /**
     * The same with protocol {@code options} (as {@code bench --option KEY=VALUE} gives them, e.g.
     * {@code exchange.window-target=100ms}), each checked when the protocol plans the group.
     */
    public static VirtualSetup of(String scenario, long seed, Map<String, String> options) {
        return of(Scenarios.load(scenario).resolve(),
                new Experiment.Settings(0, seed, 1, 1, Duration.ofMinutes(30), options));
    }

    /** The {@code KEY=VALUE} arguments of a trace tool's command line: protocol options for {@link #of}. */
    public static Map<String, String> options(String[] args) {
        Map<String, String> options = new TreeMap<>();
        for (String arg : args) {
            if (isOption(arg)) {
                int eq = arg.indexOf('=');
                options.put(arg.substring(0, eq), arg.substring(eq + 1));
            }
        }
        return options;
    }

    /** A trace tool's other arguments, in their order. */
    public static String[] positional(String[] args) {
        return Arrays.stream(args).filter(arg -> !isOption(arg)).toArray(String[]::new);
    }

    private static boolean isOption(String arg) {
        return arg.indexOf('=') > 0;
    }

    public static VirtualSetup of(Network network, Experiment.Settings settings) {
        long size = network.dataSize();
        return new VirtualSetup(network, settings, NodePlacement.group(network, UNUSED_PORT),
                VirtualExperiment.dataless(size, settings.pieceSizeFor(size)));
    }

    /** {@code protocol} over the network with the settings' options and seed; no time limit set. */
    public SimBuilder builder(String protocol) {
        return VirtualRun.builder(group, new VirtualNetwork(network, group), protocol,
                settings.protocolOptions(network), manifest, settings.seed());
    }
}

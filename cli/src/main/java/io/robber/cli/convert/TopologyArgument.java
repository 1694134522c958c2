package io.robber.cli.convert;

import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologyFile;
import io.robber.datacast.topology.TopologySpec;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code --topology}'s argument: a spec such as {@code bcube:4,1}, or a topology {@code .json} file. */
public final class TopologyArgument {
    private TopologyArgument() {
    }

    /** The topology {@code given} names, or a usage error naming {@code --topology} and what is wrong. */
    public static Topology parse(CommandSpec spec, String given) {
        try {
            return given.endsWith(".json") ? TopologyFile.read(Path.of(given)) : TopologySpec.parse(given);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--topology: " + e.getMessage());
        }
    }
}

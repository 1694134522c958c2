package io.robber.cli.convert;

import io.robber.engine.Protocols;
import java.util.Iterator;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The protocols on the class path, as picocli completion candidates (so {@code --help} lists them)
 * and as a check with a one-line error.
 */
public final class ProtocolNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        return Protocols.available().keySet().iterator();
    }

    /** Fails with a usage error naming the available protocols when {@code name} is not one of them. */
    public static String require(CommandSpec spec, String name) {
        var available = Protocols.available().keySet();
        if (!available.contains(name)) {
            throw new ParameterException(spec.commandLine(), "unknown protocol '" + name + "' for --protocol; available: "
                    + String.join(", ", available));
        }
        return name;
    }
}

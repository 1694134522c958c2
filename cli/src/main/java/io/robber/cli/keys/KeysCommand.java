package io.robber.cli.keys;

import io.robber.cli.VersionProvider;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code robber keys}: certificates for mutual TLS between the members of a group. */
@Command(name = "keys",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Certificates for mutual TLS (--tls-cert, --tls-key, --tls-ca): 'init' makes a group CA "
                + "and a certificate per member id.",
        subcommands = {KeysInitCommand.class})
public final class KeysCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a subcommand: init");
    }
}

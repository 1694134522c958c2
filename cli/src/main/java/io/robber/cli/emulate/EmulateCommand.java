package io.robber.cli.emulate;

import io.robber.cli.VersionProvider;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code robber emulate}: the Docker emulation's images and docker-compose projects. */
@Command(name = "emulate",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "The Docker WAN emulation: 'images' builds its images locally, 'compose' writes a docker-compose "
                + "project for a scenario, 'table' prints a root's JSON result as bench's table.",
        subcommands = {ImagesCommand.class, ComposeCommand.class, TableCommand.class})
public final class EmulateCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a subcommand: images, compose or table");
    }
}

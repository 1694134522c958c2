package io.robber.cli;

import io.robber.cli.bench.BenchCommand;
import io.robber.cli.bench.ShapingCommand;
import io.robber.cli.demo.DemoCommand;
import io.robber.cli.emulate.EmulateCommand;
import io.robber.cli.keys.KeysCommand;
import io.robber.cli.transfer.NodeCommand;
import io.robber.cli.transfer.ReceiveCommand;
import io.robber.cli.transfer.SendCommand;
import io.robber.cli.trees.TreesCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code robber} command. Each subcommand is its own class; add new ones to {@code subcommands}.
 *
 * <p>Exit codes: {@value ExitCodes#OK} success, {@value ExitCodes#FAILED} the transfer or its
 * verification failed, {@value ExitCodes#USAGE} a usage or configuration error.
 */
@Command(name = "robber",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Peer-to-peer bulk data multicast across cluster collectives.",
        subcommands = {SendCommand.class, ReceiveCommand.class, NodeCommand.class, DemoCommand.class,
            BenchCommand.class, ShapingCommand.class, TreesCommand.class, EmulateCommand.class, KeysCommand.class,
            CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.OK + ":success",
            ExitCodes.FAILED + ":the transfer or its verification failed",
            ExitCodes.USAGE + ":usage or configuration error"})
public final class RobberCli implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing subcommand: choose one of "
                + String.join(", ", spec.subcommands().keySet()));
    }

    /** A command line with Robber's error handling and exit codes; tests execute it in-process. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new RobberCli());
        cli.setParameterExceptionHandler(ErrorHandlers::onUsageError);
        cli.setExecutionExceptionHandler(ErrorHandlers::onExecutionError);
        return cli;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}

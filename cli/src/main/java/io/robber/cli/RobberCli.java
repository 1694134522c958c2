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
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code robber} command. Each subcommand is its own class; add new ones to {@link #SUBCOMMANDS}.
 *
 * <p>Exit codes: {@value ExitCodes#OK} success, {@value ExitCodes#FAILED} the transfer or its
 * verification failed, {@value ExitCodes#USAGE} a usage or configuration error.
 */
@Command(name = "robber",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Peer-to-peer bulk data multicast across cluster collectives.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.OK + ":success",
            ExitCodes.FAILED + ":the transfer or its verification failed",
            ExitCodes.USAGE + ":usage or configuration error"})
public final class RobberCli implements Runnable {
    /**
     * The subcommands by name, in the order help lists them. Picocli builds a command's model by reflection
     * over its options; building all of them took ~0.2 CPU-second of every JVM start (a receiver of a push
     * among nine processes on two cores), so {@link #commandLine(String...)} builds only the one it runs.
     * Picocli makes each from its class, which costs nothing until then (a constructor reference per
     * command cost a linked call site each, at every start).
     */
    static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing subcommand: choose one of "
                + String.join(", ", spec.subcommands().keySet()));
    }

    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> commands = new LinkedHashMap<>();
        commands.put("send", SendCommand.class);
        commands.put("receive", ReceiveCommand.class);
        commands.put("node", NodeCommand.class);
        commands.put("demo", DemoCommand.class);
        commands.put("bench", BenchCommand.class);
        commands.put("shaping", ShapingCommand.class);
        commands.put("trees", TreesCommand.class);
        commands.put("emulate", EmulateCommand.class);
        commands.put("keys", KeysCommand.class);
        commands.put("help", CommandLine.HelpCommand.class);
        return commands;
    }

    /** A command line with every subcommand, Robber's error handling and exit codes. */
    public static CommandLine commandLine() {
        CommandLine cli = root();
        SUBCOMMANDS.forEach(cli::addSubcommand);
        return cli;
    }

    /**
     * The command line that runs {@code args}: when they start with a subcommand other than {@code help}, it
     * holds that one alone; otherwise (help, {@code --version}, a usage error) every one.
     */
    public static CommandLine commandLine(String... args) {
        Class<?> command = args.length == 0 || args[0].equals("help") ? null : SUBCOMMANDS.get(args[0]);
        if (command == null) {
            return commandLine();
        }
        CommandLine cli = root();
        cli.addSubcommand(args[0], command);
        return cli;
    }

    private static CommandLine root() {
        CommandLine cli = new CommandLine(new RobberCli());
        cli.setParameterExceptionHandler(ErrorHandlers::onUsageError);
        cli.setExecutionExceptionHandler(ErrorHandlers::onExecutionError);
        return cli;
    }

    public static void main(String[] args) {
        System.exit(commandLine(args).execute(args));
    }
}

package io.robber.cli;

import io.robber.api.RobberException;
import io.robber.rendezvous.ConfigurationException;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/** Turns exceptions into one line on stderr and an exit code. */
final class ErrorHandlers {
    private ErrorHandlers() {
    }

    /** Bad arguments: name the problem and point at the command's help. */
    static int onUsageError(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName();
        cmd.getErr().println(name + ": " + e.getMessage() + " (see '" + name + " --help')");
        cmd.getErr().flush();
        return ExitCodes.USAGE;
    }

    /** A command failed while running. */
    static int onExecutionError(Exception e, CommandLine cmd, ParseResult parseResult) {
        String name = cmd.getCommandSpec().qualifiedName();
        if (e instanceof CliFailure failure) {
            cmd.getErr().println(name + ": " + failure.getMessage());
            cmd.getErr().flush();
            return failure.exitCode();
        }
        if (Errors.unwrap(e) instanceof ConfigurationException configuration) {
            cmd.getErr().println(name + ": " + configuration.getMessage());
            cmd.getErr().flush();
            return ExitCodes.USAGE;
        }
        if (Errors.unwrap(e) instanceof RobberException robber) {
            cmd.getErr().println(name + ": " + robber.getMessage());
        } else {
            cmd.getErr().println(name + ": unexpected error: " + Errors.describe(e)
                    + " (please report it with the command line you ran)");
        }
        cmd.getErr().flush();
        return ExitCodes.FAILED;
    }
}

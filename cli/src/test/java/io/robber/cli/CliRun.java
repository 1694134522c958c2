package io.robber.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** What one in-process run of the {@code robber} command line printed and returned. */
public record CliRun(int exitCode, String out, String err) {
    /** Runs {@code robber ARGS...} in this JVM as {@code main} does, capturing stdout and stderr. */
    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = RobberCli.commandLine(args);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exitCode = cli.execute(args);
        return new CliRun(exitCode, out.toString(), err.toString());
    }
}

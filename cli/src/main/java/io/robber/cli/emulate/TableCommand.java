package io.robber.cli.emulate;

import io.robber.cli.ExitCodes;
import io.robber.cli.VersionProvider;
import io.robber.emulation.runner.BenchReport;
import io.robber.emulation.runner.RunResult;
import io.robber.emulation.runner.SenderReport;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code robber emulate table}: a root's JSON outcome as bench's table; the last step of a compose project's root. */
@Command(name = "table",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Prints the JSON that 'robber send --json' wrote as the results table of 'robber bench' (the "
                + "compose project's root runs it with the scenario's bounds).")
public final class TableCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The root's JSON outcome.")
    Path json;

    @Option(names = "--scenario", required = true, paramLabel = "NAME") String scenario;

    @Option(names = "--protocol", required = true, paramLabel = "NAME") String protocol;

    @Option(names = "--bytes", required = true, paramLabel = "N", description = "The data size.") long bytes;

    @Option(names = "--clusters", required = true, split = ",", paramLabel = "NAME") List<String> clusters;

    @Option(names = "--bound", required = true, paramLabel = "B/S", description = "The bound, bytes per second.")
    double bound;

    @Option(names = "--strict-bound", required = true, paramLabel = "B/S",
            description = "The strict (cut) bound, bytes per second.")
    double strictBound;

    @Override
    public Integer call() throws Exception {
        byte[] out = Files.exists(json) ? Files.readAllBytes(json) : new byte[0];
        RunResult result = SenderReport.result(scenario, protocol, 1, bytes, clusters, bound, out, "(none)")
                .on("docker").withStrictBound(strictBound);
        PrintWriter w = spec.commandLine().getOut();
        w.print(new BenchReport(List.of(result)).table());
        w.flush();
        return result.verified() ? ExitCodes.OK : ExitCodes.FAILED;
    }
}

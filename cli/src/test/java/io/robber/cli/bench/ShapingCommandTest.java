package io.robber.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.cli.ExitCodes;
import io.robber.cli.RobberCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ShapingCommandTest {

    @Test
    void reportsEveryMeasurementAgainstItsConfiguredValue() {
        StringWriter out = new StringWriter();
        CommandLine cli = RobberCli.commandLine();
        cli.setOut(new PrintWriter(out, true));

        int exitCode = cli.execute("shaping");

        assertThat(exitCode).isEqualTo(ExitCodes.OK);
        assertThat(out.toString().lines()).hasSize(7);
        assertThat(out.toString()).contains("one flow, 1 MB/s link", "two flows, second", "one-way delay, median",
                "300 kB file region");
    }
}

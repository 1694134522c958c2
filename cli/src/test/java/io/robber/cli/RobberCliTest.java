package io.robber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class RobberCliTest {

    /** What one in-process run printed and returned. */
    record Run(int exitCode, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = RobberCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exitCode = cli.execute(args);
        return new Run(exitCode, out.toString(), err.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "demo --size 64XB",
        "demo --size",
        "demo --piece-size -1",
        "demo --piece-size 65MiB",
        "demo --piece-size 0",
        "demo --size 0",
        "demo --protocol carrier-pigeon",
        "demo --clusters 0",
        "demo --clusters 255",
        "demo --nodes-per-cluster -3",
        "demo --clusters four",
        "demo --seed x",
        "demo --timeout forever",
        "demo --no-such-option",
        "demo extra-argument",
        "no-such-command",
        ""})
    void usageErrorsExitWithTwoAndOneLineOnStderr(String line) {
        Run run = run(line.isEmpty() ? new String[0] : line.split(" "));

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().strip()).doesNotContain("\n").startsWith("robber").contains("--help");
    }

    @Test
    void unknownProtocolListsTheAvailableOnes() {
        Run run = run("demo", "--protocol", "carrier-pigeon");

        assertThat(run.err()).contains("unknown protocol 'carrier-pigeon'").contains("available: balanced, bittorrent, datacast, mob, robber");
    }

    @Test
    void badSizeSaysWhatIsAccepted() {
        Run run = run("demo", "--size", "64XB");

        assertThat(run.err()).contains("--size").contains("64XB").contains("KiB").contains("MB");
    }

    @Test
    void tooMuchDataForTheHeapIsAConfigurationError() {
        Run run = run("demo", "--size", "1000TiB");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("lower --size").doesNotContain("\n ");
    }

    @Test
    void versionNamesTheBuildAndTheProtocols() {
        Run run = run("--version");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("robber ").contains("protocols: balanced, bittorrent, datacast, mob, robber");
    }

    @Test
    void demoHelpListsItsOptions() {
        Run run = run("demo", "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("--protocol", "bittorrent, datacast, mob,", "--clusters", "--nodes-per-cluster", "--size",
                "--piece-size", "--seed", "--json", "--scenario", "--scale", "default: tc1-fast");
    }
}

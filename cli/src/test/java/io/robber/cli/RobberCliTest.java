package io.robber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class RobberCliTest {

    @Test
    void everySubcommandIsListedUnderItsOwnName() {
        RobberCli.SUBCOMMANDS.forEach((name, command) ->
                assertThat(new CommandLine(command).getCommandName()).isEqualTo(name));
    }

    @Test
    void aSubcommandRunsWithoutTheOthersBuilt() {
        var all = RobberCli.SUBCOMMANDS.keySet();
        assertThat(RobberCli.commandLine("receive", "--out", "x").getSubcommands()).containsOnlyKeys("receive");
        assertThat(RobberCli.commandLine("help", "receive").getSubcommands()).containsOnlyKeys(all);
        assertThat(RobberCli.commandLine("--version").getSubcommands()).containsOnlyKeys(all);
        assertThat(RobberCli.commandLine().getSubcommands()).containsOnlyKeys(all);
    }

    @Test
    void helpOfOneSubcommandNamesItUnderRobber() {
        CliRun alone = CliRun.of("send", "--help");
        CliRun viaHelp = CliRun.of("help", "send");

        assertThat(alone.exitCode()).isZero();
        assertThat(alone.out()).startsWith("Usage: robber send ").isEqualTo(viaHelp.out());
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
        CliRun run = CliRun.of(line.isEmpty() ? new String[0] : line.split(" "));

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().strip()).doesNotContain("\n").startsWith("robber").contains("--help");
    }

    @Test
    void unknownProtocolListsTheAvailableOnes() {
        CliRun run = CliRun.of("demo", "--protocol", "carrier-pigeon");

        assertThat(run.err()).contains("unknown protocol 'carrier-pigeon'").contains("available: balanced, bittorrent, datacast, mctcp, mob, rdcm, robber");
    }

    @Test
    void badSizeSaysWhatIsAccepted() {
        CliRun run = CliRun.of("demo", "--size", "64XB");

        assertThat(run.err()).contains("--size").contains("64XB").contains("KiB").contains("MB");
    }

    @Test
    void tooMuchDataForTheHeapIsAConfigurationError() {
        CliRun run = CliRun.of("demo", "--size", "1000TiB");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("lower --size").doesNotContain("\n ");
    }

    @Test
    void versionNamesTheBuildAndTheProtocols() {
        CliRun run = CliRun.of("--version");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("robber ").contains("protocols: balanced, bittorrent, datacast, mctcp, mob, rdcm, robber");
    }

    @Test
    void demoHelpListsItsOptions() {
        CliRun run = CliRun.of("demo", "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("--protocol", "bittorrent, datacast, mctcp,", "--clusters", "--nodes-per-cluster", "--size",
                "--piece-size", "--seed", "--json", "--scenario", "--scale", "default: tc1-fast");
    }
}

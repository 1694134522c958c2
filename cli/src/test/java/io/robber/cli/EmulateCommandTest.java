package io.robber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code robber emulate compose} and {@code table} without Docker; runs through {@link RobberCliTest#run}. */
class EmulateCommandTest {

    @Test
    void composeWritesTheProjectForTheSmallDefaultAndTheScenarioAsRun(@TempDir Path dir) throws Exception {
        CliRun run = CliRun.of("emulate", "compose", "--scenario", "tc1-fast", "--scale", "0.05",
                "--image", "robber-node:test", "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("16 nodes, 4 clusters, 30000000 bytes, robber on robber-node:test");
        assertThat(Files.readString(dir.resolve("docker-compose.yml"))).contains("version: \"2.4\"", "hub-d:", "d-3:")
                .doesNotContain("d-4:");
        assertThat(dir.resolve("scripts/root.sh")).isRegularFile();
        assertThat(Files.readString(dir.resolve("scenario.json"))).contains("\"nodes\" : 4");
    }

    @Test
    void composeNumbersTheProjectInTheBlockOfSlot(@TempDir Path dir) throws Exception {
        CliRun run = CliRun.of("emulate", "compose", "--scenario", "tc1-fast", "--slot", "1",
                "--image", "robber-node:test", "--out", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(Files.readString(dir.resolve("docker-compose.yml"))).contains("198.19.129.0/24", "198.18.160.0/24")
                .doesNotContain("198.19.128.0/24");
    }

    @Test
    void composeRefusesASlotOutsideTheBlocks(@TempDir Path dir) throws Exception {
        CliRun run = CliRun.of("emulate", "compose", "--scenario", "tc1-fast", "--slot", "4",
                "--image", "robber-node:test", "--out", dir.toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("--slot must be 0 to 3");
        assertThat(dir.resolve("docker-compose.yml")).doesNotExist();
    }

    @Test
    void tablePrintsARootsJsonAsBenchsTable(@TempDir Path dir) throws Exception {
        Path json = Files.writeString(dir.resolve("A0.json"), "{\"seconds\":3.0,\"verified\":true,\"nodes\":["
                + "{\"id\":\"B0\",\"cluster\":\"B\",\"bytesIn\":{\"global\":6000000}}]}");

        CliRun run = CliRun.of("emulate", "table", json.toString(), "--scenario", "faults",
                "--protocol", "robber", "--bytes", "6000000", "--clusters", "A,B", "--bound", "4000000",
                "--strict-bound", "4000000");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("faults", "robber", "3.00", "2.00", "50.0", "A:0.0 B:6.0");
    }
}

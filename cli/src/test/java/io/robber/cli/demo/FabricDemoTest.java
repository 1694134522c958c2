package io.robber.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.robber.cli.CliRun;
import io.robber.cli.ExitCodes;
import io.robber.cli.JsonOutput;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code robber demo --protocol rdcm|mctcp --topology SPEC}: one run on the fabric in virtual time. Correctness only. */
class FabricDemoTest {
    @ParameterizedTest
    @ValueSource(strings = {"rdcm", "mctcp"})
    void aTreeMulticastDeliversEverythingOnAFattreeAndABCube(String protocol) throws Exception {
        CliRun json = CliRun.of("demo", "--protocol", protocol, "--topology", "fattree:4,3", "--receivers", "6",
                "--json");
        assertThat(json.exitCode()).as("stderr: %s", json.err()).isZero();
        JsonNode result = JsonOutput.mapper().readTree(json.out());
        assertThat(result.get("protocol").asText()).isEqualTo(protocol);
        assertThat(result.get("backend").asText()).isEqualTo("virtual");
        assertThat(result.get("receivers").asInt()).isEqualTo(6);
        assertThat(result.get("complete").asBoolean()).isTrue();
        assertThat(result.get("finishSeconds").asDouble()).as("2 MB at 1 Gbit/s at best")
                .isGreaterThan(result.get("idealSeconds").asDouble());
        assertThat(result.get("linkStress").asDouble()).isBetween(0.99, 1.5);

        CliRun table = CliRun.of("demo", "--protocol", protocol, "--topology", "bcube:4,1");
        assertThat(table.exitCode()).as("stderr: %s", table.err()).isZero();
        assertThat(table.out()).contains("protocol " + protocol + ", virtual time on the packet-level fabric, "
                + "bcube:4,1, source 00, 15 receivers").contains("finish/ideal").contains(" yes");
    }

    @ParameterizedTest
    @ValueSource(strings = {"rdcm", "mctcp"})
    void optionsItCannotTakeAreRefused(String protocol) {
        assertUsage(protocol, "virtual time only", "--backend", "inprocess");
        assertUsage(protocol, "are Datacast's", "--fail-links", "0.1");
        assertUsage(protocol, "--receivers must be between 1 and 15", "--receivers", "16");
        CliRun virtual = CliRun.of("demo", "--protocol", protocol, "--topology", "bcube:4,1", "--backend", "virtual");
        assertThat(virtual.exitCode()).as("stderr: %s", virtual.err()).isZero();
    }

    private static void assertUsage(String protocol, String message, String... more) {
        String[] args = new String[more.length + 5];
        System.arraycopy(new String[] {"demo", "--protocol", protocol, "--topology", "bcube:4,1"}, 0, args, 0, 5);
        System.arraycopy(more, 0, args, 5, more.length);
        CliRun run = CliRun.of(args);
        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains(message);
    }
}

package io.robber.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.robber.cli.ExitCodes;
import io.robber.cli.JsonOutput;
import io.robber.cli.RobberCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** {@code robber demo --protocol rdcm|mctcp --topology SPEC}: one run on the fabric in virtual time. Correctness only. */
class FabricDemoTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = RobberCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @ParameterizedTest
    @ValueSource(strings = {"rdcm", "mctcp"})
    void aTreeMulticastDeliversEverythingOnAFattreeAndABCube(String protocol) throws Exception {
        assertThat(run("demo", "--protocol", protocol, "--topology", "fattree:4,3", "--receivers", "6", "--json"))
                .as("stderr: %s", err).isZero();
        JsonNode result = JsonOutput.mapper().readTree(out.toString());
        assertThat(result.get("protocol").asText()).isEqualTo(protocol);
        assertThat(result.get("backend").asText()).isEqualTo("virtual");
        assertThat(result.get("receivers").asInt()).isEqualTo(6);
        assertThat(result.get("complete").asBoolean()).isTrue();
        assertThat(result.get("finishSeconds").asDouble()).as("2 MB at 1 Gbit/s at best")
                .isGreaterThan(result.get("idealSeconds").asDouble());
        assertThat(result.get("linkStress").asDouble()).isBetween(0.99, 1.5);

        out.getBuffer().setLength(0);
        assertThat(run("demo", "--protocol", protocol, "--topology", "bcube:4,1")).as("stderr: %s", err).isZero();
        assertThat(out.toString()).contains("protocol " + protocol + ", virtual time on the packet-level fabric, "
                + "bcube:4,1, source 00, 15 receivers").contains("finish/ideal").contains(" yes");
    }

    @ParameterizedTest
    @ValueSource(strings = {"rdcm", "mctcp"})
    void optionsItCannotTakeAreRefused(String protocol) {
        assertThat(run("demo", "--protocol", protocol, "--topology", "bcube:4,1", "--backend", "inprocess"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("virtual time only");
        assertThat(run("demo", "--protocol", protocol, "--topology", "bcube:4,1", "--fail-links", "0.1"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("are Datacast's", "--fail-link AT:A-B");
        assertThat(run("demo", "--protocol", protocol, "--topology", "bcube:4,1", "--receivers", "16"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--receivers must be between 1 and 15");
        assertThat(run("demo", "--protocol", protocol, "--topology", "bcube:4,1", "--backend", "virtual"))
                .as("stderr: %s", err).isZero();
    }
}

package io.robber.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.robber.cli.ExitCodes;
import io.robber.cli.JsonOutput;
import io.robber.cli.RobberCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code robber demo --protocol datacast}: real sockets on loopback, and virtual time. Correctness only. */
class DatacastDemoTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = RobberCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private JsonNode json() throws Exception {
        assertThat(out.toString().strip()).as("exactly one JSON object").doesNotContain("\n");
        return JsonOutput.mapper().readTree(out.toString());
    }

    @Test
    void bcubeOnLoopbackDeliversVerifiedCopiesOverTwoTrees() throws Exception {
        assertThat(run("demo", "--protocol", "datacast", "--topology", "bcube:4,1", "--json")).as("stderr: %s", err)
                .isZero();
        JsonNode json = json();
        assertThat(json.get("backend").asText()).isEqualTo("loopback");
        assertThat(json.get("verified").asBoolean()).isTrue();
        assertThat(json.get("complete").asBoolean()).isTrue();
        assertThat(json.get("receivers").asInt()).isEqualTo(15);
        assertThat(json.get("trees").asInt()).isEqualTo(2);
        assertThat(json.get("linkStress").asDouble()).isBetween(1.0, 1.05);
        assertThat(json.get("finishSeconds").asDouble()).isGreaterThan(json.get("idealSeconds").asDouble());
        assertThat(json.get("wireBytes").asLong()).isGreaterThan(json.get("bytes").asLong());
        assertThat(json.get("wireFrames").asLong()).as("a data packet per tree link at least")
                .isGreaterThan(json.get("packets").asLong() * 22);
        assertThat(json.get("wireWrites").asLong()).isBetween(1L, json.get("wireFrames").asLong());
        for (String field : new String[] {"throughputMbps", "duplicateDataRatio", "cacheHits", "wallSeconds"}) {
            assertThat(json.get(field).isNumber()).as(field).isTrue();
        }
    }

    @Test
    void virtualTimeCarriesNoBytesSoItReportsCompletionNotVerification() throws Exception {
        assertThat(run("demo", "--protocol", "datacast", "--topology", "bcube:4,1", "--backend", "virtual",
                "--receivers", "6", "--fail-links", "0.05", "--size", "1MB", "--json")).as("stderr: %s", err).isZero();
        JsonNode json = json();
        assertThat(json.get("backend").asText()).isEqualTo("virtual");
        assertThat(json.get("complete").asBoolean()).isTrue();
        assertThat(json.get("verified").isNull()).isTrue();
        assertThat(json.get("receivers").asInt()).isEqualTo(6);
        assertThat(json.get("failedLinks").asInt()).isEqualTo(2);
        assertThat(json.get("bytes").asLong()).isEqualTo(1_000_000);
    }

    @Test
    void theTableNamesTheIdealAndTheVerdict() {
        assertThat(run("demo", "--protocol", "datacast", "--topology", "bcube:4,1", "--backend", "virtual",
                "--group-fraction", "0.5")).isZero();
        assertThat(out.toString()).contains("virtual time", "8 receivers", "link stress", "ideal = data / (2 trees, each at its slowest link: 20.0 Mbit/s)",
                "complete: yes");
    }

    @Test
    void aTopologyFilesSlowLinkSetsItsTreesShareOfTheIdeal(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("slow-source-link.json");
        Files.writeString(file, """
                {"topology": "bcube:4,1",
                 "links": [{"between": ["00", "<0,0>"], "capacityBitsPerSecond": 500000000}]}
                """);
        assertThat(run("demo", "--protocol", "datacast", "--topology", file.toString(), "--backend", "virtual",
                "--size", "1MB", "--json")).as("stderr: %s", err).isZero();
        JsonNode json = json();
        assertThat(json.get("complete").asBoolean()).isTrue();
        assertThat(json.get("trees").asInt()).isEqualTo(2);
        assertThat(json.get("idealSeconds").asDouble()).as("one tree at 10 Mbit/s, the other at the slow 5")
                .isCloseTo(1_000_000 * 8 / 15e6, within(1e-9));
        assertThat(json.get("finishSeconds").asDouble()).isGreaterThan(json.get("idealSeconds").asDouble());
    }

    @Test
    void aMissingTopologyFileIsAUsageError(@TempDir Path dir) {
        assertThat(run("demo", "--protocol", "datacast", "--topology", dir.resolve("none.json").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--topology: cannot read topology file");
    }

    @Test
    void datacastsOptionsBelongTogether() {
        assertThat(run("demo", "--topology", "bcube:4,1")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--topology goes with --protocol datacast");
        assertThat(run("demo", "--protocol", "datacast")).isEqualTo(ExitCodes.USAGE);
        assertThat(run("demo", "--receivers", "3")).isEqualTo(ExitCodes.USAGE);
        assertThat(run("demo", "--protocol", "datacast", "--topology", "bcube:4")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--topology: topology 'bcube:4'");
    }
}

package io.robber.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.robber.cli.RobberCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code robber bench} with the baselines, and protocol options passed through. */
class BenchCommandTest {

    @Test
    void theBaselinesRunWithOptionsAndVerify() throws Exception {
        StringWriter out = new StringWriter();
        int code = execute(out, new StringWriter(), "bench", "--scenario", "tc3-2x2", "--protocols",
                "bittorrent,balanced", "--scale", "0.004", "--option", "bittorrent.variant=cornet", "--json");

        assertThat(code).isZero();
        JsonNode results = new ObjectMapper().readTree(out.toString()).get("results");
        assertThat(results).hasSize(2);
        for (JsonNode r : results) {
            assertThat(r.get("verified").asBoolean()).as(r.get("protocol").asText()).isTrue();
            assertThat(r.get("boundMBps").asDouble()).isEqualTo(25.0);
        }
    }

    @Test
    void aBadProtocolOptionFailsTheRunNamingIt() {
        StringWriter err = new StringWriter();
        int code = execute(new StringWriter(), err, "bench", "--scenario", "tc3-2x2", "--protocols", "bittorrent",
                "--scale", "0.004", "--option", "bittorrent.variant=psychic");

        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("psychic");
    }

    @Test
    void theVirtualBackendPrintsTheSameTableWithCpuNotApplicable() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = execute(out, err, "bench", "--backend", "virtual", "--scenario", "tc1-fast", "--protocols",
                "robber,mob", "--scale", "0.01");

        assertThat(code).as("stderr: %s", err).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).startsWith("scenario  protocol  rep").contains("% bound", "CPU s/node", "verified");
        assertThat(lines.get(1)).startsWith("tc1-fast  robber").contains("10.00", "n/a", "yes", "B:6.0");
        assertThat(lines.get(2)).startsWith("tc1-fast  mob").contains("n/a", "yes");
    }

    @Test
    void anUnknownBackendIsAUsageErrorNamingTheValidOnes() {
        StringWriter err = new StringWriter();
        int code = execute(new StringWriter(), err, "bench", "--backend", "quantum", "--scenario", "tc1-fast");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("--backend: unknown backend 'quantum'; choose one of inprocess, virtual");
    }

    private static int execute(StringWriter out, StringWriter err, String... args) {
        var cli = RobberCli.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }
}

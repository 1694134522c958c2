package io.robber.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.robber.api.Manifest;
import io.robber.cli.ExitCodes;
import io.robber.cli.RobberCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The demo over an emulated scenario reports the bound and the percentage beside the throughput. */
class DemoScenarioTest {

    @Test
    void aScaledScenarioReportsItsBound() throws Exception {
        StringWriter out = new StringWriter();
        var cli = RobberCli.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(new StringWriter()));
        int code = cli.execute("demo", "--scenario", "tc3-2x2", "--scale", "0.004", "--json");

        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(code).isZero();
        assertThat(json.get("scenario").asText()).isEqualTo("tc3-2x2");
        assertThat(json.get("verified").asBoolean()).isTrue();
        assertThat(json.get("nodes")).hasSize(4);
        assertThat(json.get("bytes").asLong()).isEqualTo(4_000_000L);
        assertThat(json.get("boundMBps").asDouble()).isEqualTo(25.0);
        assertThat(json.get("percentOfBound").asDouble()).isPositive();
    }

    @Test
    void theVirtualBackendRunsTheFullGroupOfAScenarioWithoutData() throws Exception {
        StringWriter out = new StringWriter();
        var cli = RobberCli.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(new StringWriter()));
        int code = cli.execute("demo", "--backend", "virtual", "--scale", "0.01", "--json");

        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(code).isZero();
        assertThat(json.get("scenario").asText()).isEqualTo("tc1-fast");
        assertThat(json.get("verified").asBoolean()).isTrue();
        assertThat(json.get("nodes")).hasSize(64);
        assertThat(json.get("boundMBps").asDouble()).isEqualTo(10.0);
        assertThat(json.get("pieceSize").asLong())
                .as("the piece size 'robber send' chooses for the data")
                .isEqualTo(Manifest.pieceSizeFor(json.get("bytes").asLong()))
                .isEqualTo(64 << 10);
        assertThat(json.get("percentOfBound").asDouble()).isBetween(20.0, 100.0);
        long intoB = 0;
        for (JsonNode node : json.get("nodes")) {
            if (node.get("cluster").asText().equals("B")) {
                intoB += node.get("bytesIn").get("global").asLong();
            }
        }
        long bytes = json.get("bytes").asLong();
        long twice = Math.max(bytes / 100, 2 * json.get("pieceSize").asLong());
        assertThat(intoB).as("each piece into B once, but for a few that arrive twice (a hundredth, or two pieces)")
                .isBetween(bytes, bytes + twice);
    }

    @Test
    void copiesBeyondTheDirectMemoryLimitAreRefusedBeforeAnythingRuns() {
        long limit = DemoCommand.maxDirectMemory();
        long size = limit / 10;
        StringWriter err = new StringWriter();
        var cli = RobberCli.commandLine();
        cli.setOut(new PrintWriter(new StringWriter()));
        cli.setErr(new PrintWriter(err, true));

        int code = cli.execute("demo", "--scenario", "none", "--clusters", "2", "--nodes-per-cluster", "5",
                "--size", Long.toString(size));

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("10 nodes x", "of direct memory", "-XX:MaxDirectMemorySize=")
                .doesNotContain("unexpected error");
    }

    @Test
    void theNetnsBackendIsAUsageErrorPointingAtBench() {
        StringWriter err = new StringWriter();
        var cli = RobberCli.commandLine();
        cli.setOut(new PrintWriter(new StringWriter()));
        cli.setErr(new PrintWriter(err, true));

        int code = cli.execute("demo", "--backend", "netns");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("robber bench --backend netns").doesNotContain("unexpected error");
    }
}

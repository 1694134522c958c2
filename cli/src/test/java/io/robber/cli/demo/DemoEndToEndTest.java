package io.robber.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.robber.cli.JsonOutput;
import io.robber.cli.RobberCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** Runs {@code robber demo} in-process over real loopback sockets. Asserts correctness, never speed. */
class DemoEndToEndTest {
    static final long SIZE = 3L * 1024 * 1024 + 1234;
    static final long PIECE = 256 * 1024;

    /** The data-center protocols that run as overlays among the members, with their default topology. */
    @ParameterizedTest
    @ValueSource(strings = {"rdcm", "mctcp"})
    void treeMulticastDeliversVerifiedCopiesInRealTime(String protocol) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = RobberCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));

        int exitCode = cli.execute("demo", "--protocol", protocol, "--scenario", "none", "--clusters", "2",
                "--nodes-per-cluster", "3", "--size", String.valueOf(SIZE), "--piece-size", "256KiB", "--json");

        assertThat(exitCode).as("exit code; stderr: %s", err).isZero();
        JsonNode json = JsonOutput.mapper().readTree(out.toString());
        assertThat(json.get("protocol").asText()).isEqualTo(protocol);
        assertThat(json.get("verified").asBoolean()).isTrue();
        assertThat(json.get("nodes")).hasSize(6)
                .allSatisfy(node -> assertThat(node.get("verified").asBoolean()).isTrue());
    }

    @ParameterizedTest
    @ValueSource(strings = {"robber", "mob"})
    void twoClustersOfTwoGetVerifiedCopies(String protocol) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = RobberCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));

        int exitCode = cli.execute("demo", "--protocol", protocol, "--clusters", "2", "--nodes-per-cluster", "2",
                "--size", String.valueOf(SIZE), "--piece-size", "256KiB", "--json");

        assertThat(exitCode).as("exit code; stderr: %s", err).isZero();
        assertThat(out.toString().strip()).as("exactly one JSON object").doesNotContain("\n");
        JsonNode json = JsonOutput.mapper().readTree(out.toString());
        assertThat(json.get("protocol").asText()).isEqualTo(protocol);
        assertThat(json.get("clusters").asInt()).isEqualTo(2);
        assertThat(json.get("nodesPerCluster").asInt()).isEqualTo(2);
        assertThat(json.get("bytes").isIntegralNumber()).isTrue();
        assertThat(json.get("bytes").asLong()).isEqualTo(SIZE);
        assertThat(json.get("verified").isBoolean()).isTrue();
        assertThat(json.get("verified").asBoolean()).isTrue();
        assertThat(json.get("seconds").isNumber()).isTrue();
        assertThat(json.get("throughputMBps").isNumber()).isTrue();
        JsonNode nodes = json.get("nodes");
        assertThat(nodes).hasSize(4);

        Map<String, Long> globalInByCluster = new HashMap<>();
        for (JsonNode node : nodes) {
            assertThat(node.get("verified").asBoolean()).as(node.toString()).isTrue();
            assertThat(node.get("seconds").isNumber()).isTrue();
            assertThat(node.get("bytesIn").get("local").isIntegralNumber()).isTrue();
            assertThat(node.get("bytesOut").get("global").isIntegralNumber()).isTrue();
            assertThat(node.get("piecesStolen").isIntegralNumber()).isTrue();
            assertThat(node.has("error")).isFalse();
            globalInByCluster.merge(node.get("cluster").asText(), node.get("bytesIn").get("global").asLong(), Long::sum);
        }
        assertThat(nodes.get(0).get("id").asText()).isEqualTo("c0n0");
        assertThat(globalInByCluster).containsOnlyKeys("c0", "c1");
        // The non-root cluster pulls every piece across the WAN once or twice, never more: how many
        // twice depends on timing (up to 1.5x at load ~90 on 2 cores); the tight bound on WAN bytes
        // is VirtualBenchTest's, where timing is the model's.
        assertThat((double) globalInByCluster.get("c1")).isBetween(SIZE * 0.99 - PIECE, SIZE * 2.0);
    }
}

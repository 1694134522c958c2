package io.robber.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.robber.cli.CliRun;
import io.robber.cli.ExitCodes;
import io.robber.cli.RobberCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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
    void aBadProtocolOptionIsAUsageErrorBeforeAnyRun() {
        CliRun run = CliRun.of("bench", "--scenario", "tc3-2x2", "--protocols", "bittorrent", "--scale", "0.004",
                "--option", "bittorrent.variant=psychic");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("bittorrent.variant must be classic, cornet or optimized, got 'psychic'")
                .doesNotContain("bench: tc3-2x2");
        assertThat(run.out()).isEmpty();
    }

    /** A key under no protocol's prefix used to run with defaults and say nothing. */
    @ParameterizedTest
    @ValueSource(strings = {"robber.nonsense", "bittorent.peers"})
    void anOptionNoProtocolReadsIsAUsageErrorNamingThePrefixes(String key) {
        CliRun run = CliRun.of("bench", "--backend", "virtual", "--scenario", "tc3-2x2", "--protocols", "robber",
                "--scale", "0.004", "--option", key + "=3");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("unknown option " + key + ": no protocol on the class path takes options under '"
                + key.substring(0, key.indexOf('.') + 1) + "'; known prefixes: balanced., bittorrent., datacast., "
                + "exchange., mctcp., rdcm.; options without a prefix: monitoring, monitoring-file")
                .doesNotContain("bench: tc3-2x2");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aMisspeltOptionOfTheLastProtocolStopsTheBenchBeforeTheFirstRun() {
        CliRun run = CliRun.of("bench", "--backend", "virtual", "--scenario", "tc3-2x2", "--protocols",
                "robber,bittorrent", "--scale", "0.004", "--option", "bittorrent.nonsense=1");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("unknown option bittorrent.nonsense; bittorrent knows [bittorrent.block-pieces, ")
                .doesNotContain("bench: tc3-2x2 robber");
        assertThat(run.out()).isEmpty();
    }

    /** Their robber processes would run without the options. */
    @ParameterizedTest
    @ValueSource(strings = {"netns", "docker"})
    void theProcessBackendsRefuseOptions(String backend) {
        CliRun run = CliRun.of("bench", "--backend", backend, "--scenario", "tc3-2x2", "--protocols", "robber",
                "--option", "exchange.window-max=16");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("the " + backend + " backend runs robber processes, which take no protocol "
                + "options, got [exchange.window-max]");
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
        assertThat(lines.get(0)).startsWith("scenario  protocol  rep").contains("% bound", "% strict", "CPU s/node", "verified");
        assertThat(lines.get(1)).startsWith("tc1-fast  robber").contains("10.00", "n/a", "yes", "B:6.0");
        assertThat(lines.get(2)).startsWith("tc1-fast  mob").contains("n/a", "yes");
    }

    @Test
    void bothBackendsRunSideBySideWithABackendColumnAndTheComparison(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path csv = dir.resolve("bench.csv");
        int code = execute(out, err, "bench", "--backend", "virtual,inprocess", "--scenario", "tc3-2x2",
                "--protocols", "robber", "--scale", "0.004", "--csv", csv.toString(), "--html",
                dir.resolve("bench.html").toString());

        assertThat(code).as("stderr: %s", err).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).startsWith("scenario  protocol  backend    rep")
                .contains("CPU s/GiB", "msgs/piece/node");
        assertThat(lines.get(1)).startsWith("tc3-2x2   robber    virtual").contains("n/a", "yes");
        assertThat(lines.get(2)).startsWith("tc3-2x2   robber    inprocess").doesNotContain("n/a").contains("yes");
        assertThat(lines.get(3)).isEmpty();
        assertThat(lines.get(4)).isEqualTo("scenario  protocol  % bound virtual  % bound inprocess");
        assertThat(lines.get(5)).startsWith("tc3-2x2   robber");
        assertThat(lines).hasSize(6);
        assertThat(Files.readAllLines(csv)).hasSize(3).first().asString()
                .startsWith("scenario,protocol,backend,repeat,").contains(",cpuSecondsPerGiB,messagesPerPiecePerNode,");
        assertThat(err.toString()).contains("bench: tc3-2x2 robber virtual #1", "bench: tc3-2x2 robber inprocess #1");
        assertThat(Files.readString(dir.resolve("bench.html"))).contains("robber virtual: ", "robber inprocess: ");
    }

    /** The datacast protocol through the bench path on both backends, with its options passed on. */
    @Test
    void datacastRunsOnBothBackendsWithItsTopology() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = execute(out, err, "bench", "--backend", "virtual,inprocess", "--scenario", "tc3-2x2",
                "--protocols", "datacast", "--scale", "0.004", "--option", "datacast.topology=bcube:4,1");

        assertThat(code).as("stderr: %s", err).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(1)).startsWith("tc3-2x2   datacast  virtual").contains("yes");
        assertThat(lines.get(2)).startsWith("tc3-2x2   datacast  inprocess").contains("yes");
    }

    @ParameterizedTest
    @ValueSource(strings = {"rdcm", "mctcp"})
    void treeMulticastRunsOnBothBackendsWithItsTopology(String protocol) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = execute(out, err, "bench", "--backend", "virtual,inprocess", "--scenario", "tc3-2x2",
                "--protocols", protocol, "--scale", "0.004", "--option", protocol + ".topology=bcube:4,1");

        assertThat(code).as("stderr: %s", err).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(1)).startsWith(String.format("tc3-2x2   %-9s virtual", protocol)).contains("yes");
        assertThat(lines.get(2)).startsWith(String.format("tc3-2x2   %-9s inprocess", protocol)).contains("yes");
    }

    @Test
    void anUnknownRdcmOptionIsAUsageErrorNamingTheKnownOnes() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = execute(out, err, "bench", "--backend", "virtual", "--scenario", "tc3-2x2",
                "--protocols", "rdcm", "--scale", "0.004", "--option", "rdcm.windo=4");

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("unknown option rdcm.windo").contains("rdcm.window");
    }

    @Test
    void everyJsonResultNamesItsBackendAndItsCostsPerPiece() throws Exception {
        StringWriter out = new StringWriter();
        int code = execute(out, new StringWriter(), "bench", "--backend", "inprocess,virtual", "--scenario",
                "tc3-2x2", "--protocols", "mob", "--scale", "0.004", "--json");

        assertThat(code).isZero();
        JsonNode results = new ObjectMapper().readTree(out.toString()).get("results");
        assertThat(results).hasSize(2);
        assertThat(results.get(0).get("backend").asText()).isEqualTo("inprocess");
        assertThat(results.get(1).get("backend").asText()).isEqualTo("virtual");
        for (JsonNode r : results) {
            assertThat(r.get("messagesPerPiecePerNode").asDouble()).as(r.get("backend").asText()).isPositive();
        }
        // Both backends count the messages engines send; timing differs, so the counts agree only roughly.
        double inProcess = results.get(0).get("messagesPerPiecePerNode").asDouble();
        double virtual = results.get(1).get("messagesPerPiecePerNode").asDouble();
        assertThat(inProcess / virtual).isBetween(0.5, 2.0);
        assertThat(results.get(0).get("cpuSecondsPerGiB").asDouble()).isPositive();
        assertThat(results.get(1).get("cpuSecondsPerGiB").asText()).isEqualTo("NaN");
    }

    @Test
    void aBackendNamedTwiceIsAUsageError() {
        StringWriter err = new StringWriter();
        int code = execute(new StringWriter(), err, "bench", "--backend", "virtual,virtual", "--scenario", "tc1-fast");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("--backend names a backend twice: [virtual, virtual]");
    }

    @Test
    void theDataPlaneBenchReportsCodecDigestAndExchange() throws Exception {
        StringWriter out = new StringWriter();
        int code = execute(out, new StringWriter(), "bench", "--data-plane", "--iteration-time", "2ms", "--json");

        assertThat(code).isZero();
        JsonNode results = new ObjectMapper().readTree(out.toString()).get("dataPlane");
        assertThat(results).hasSize(7);
        for (JsonNode r : results) {
            assertThat(r.get("operationsPerSecond").asDouble()).as(r.get("name").asText()).isPositive();
        }
    }

    @Test
    void theDataPlaneBenchRunsNoScenarioAndTheOthersNeedOne() {
        StringWriter err = new StringWriter();
        assertThat(execute(new StringWriter(), err, "bench", "--data-plane", "--scenario", "tc1-fast")).isEqualTo(2);
        assertThat(err.toString()).contains("--data-plane runs no scenario: drop --scenario");

        StringWriter missing = new StringWriter();
        assertThat(execute(new StringWriter(), missing, "bench", "--protocols", "robber")).isEqualTo(2);
        assertThat(missing.toString()).contains("Missing required option: '--scenario=NAME' (or --data-plane)");
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

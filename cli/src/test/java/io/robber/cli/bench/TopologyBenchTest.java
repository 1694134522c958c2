package io.robber.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.robber.cli.CliRun;
import io.robber.cli.RobberCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code robber bench --topology}: Datacast against the BitTorrent variants on a data-center topology, in virtual time. */
class TopologyBenchTest {

    @Test
    void datacastAndBothBitTorrentVariantsCompleteAndDatacastStressesTheLinksLeast() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = execute(out, err, "bench", "--topology", "bcube:4,1", "--receivers", "12", "--protocols",
                "datacast,bt-cornet,bt-optimized", "--size", "3MB", "--json");

        assertThat(code).as("stderr: %s", err).isZero();
        JsonNode results = new ObjectMapper().readTree(out.toString()).get("results");
        assertThat(results).hasSize(3);
        Map<String, JsonNode> byProtocol = new HashMap<>();
        for (JsonNode r : results) {
            byProtocol.put(r.get("protocol").asText(), r);
            assertThat(r.get("verified").asBoolean()).as(r.get("protocol").asText()).isTrue();
            assertThat(r.get("receivers").asInt()).isEqualTo(12);
            assertThat(r.get("trees").asInt()).as("BCube(4,1): k + 1 trees").isEqualTo(2);
            assertThat(r.get("idealSeconds").asDouble()).as("3 MB over two 1 Gbit/s trees").isEqualTo(0.012);
            assertThat(r.get("finishSeconds").asDouble()).isGreaterThan(0.012);
        }
        assertThat(byProtocol).containsOnlyKeys("datacast", "bt-cornet", "bt-optimized");
        JsonNode datacast = byProtocol.get("datacast");
        // Each data packet crosses each tree link once (Datacast's caches answer the rest); headers and the
        // start cost a few percent of the ideal.
        assertThat(datacast.get("linkStress").asDouble()).isBetween(0.99, 1.02);
        assertThat(datacast.get("ofIdeal").asDouble()).isLessThan(1.3);
        assertThat(datacast.get("duplicateRatio").asDouble()).isLessThan(0.05);
        assertThat(datacast.get("cacheHits").isNumber()).isTrue();
        for (String bt : List.of("bt-cornet", "bt-optimized")) {
            JsonNode swarm = byProtocol.get(bt);
            assertThat(swarm.get("linkStress").asDouble()).as(bt).isGreaterThan(datacast.get("linkStress").asDouble() * 1.1);
            assertThat(swarm.get("finishSeconds").asDouble()).as(bt).isGreaterThan(datacast.get("finishSeconds").asDouble());
            assertThat(swarm.get("duplicateRatio").isNull()).as("no source duplicate data in a swarm").isTrue();
        }
    }

    @Test
    void theTableAndFilesListEveryRunAndTheDefaultsAreThePapersThreeProtocols(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path csv = dir.resolve("fig14.csv");
        Path html = dir.resolve("fig14.html");
        int code = execute(out, err, "bench", "--topology", "fattree:4,3", "--group-fraction", "0.5", "--size", "1MB",
                "--csv", csv.toString(), "--html", html.toString());

        assertThat(code).as("stderr: %s", err).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).startsWith("topology").contains("x ideal", "link stress", "cache hits", "verified");
        assertThat(lines.get(1)).startsWith("fattree:4,3  datacast").contains(" 8 ").endsWith("yes");
        assertThat(lines.get(2)).contains("bt-cornet").contains("n/a").endsWith("yes");
        assertThat(lines.get(3)).contains("bt-optimized").endsWith("yes");
        assertThat(Files.readAllLines(csv)).hasSize(4).first().asString().startsWith("topology,protocol,receivers,");
        assertThat(Files.readString(html)).contains("<table>", "bt-optimized");
        assertThat(err.toString()).contains("bench: fattree:4,3 datacast 8 receivers #1");
    }

    @Test
    void rdcmAndMctcpSurviveLossALinkFailureAndACrashWhileTheTimelineIsWrittenAndDrawn(@TempDir Path dir)
            throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Path timeline = dir.resolve("timeline.csv");
        Path html = dir.resolve("report.html");
        int code = execute(out, err, "bench", "--topology", "bcube:4,1", "--receivers", "10",
                "--size", "2MB", "--loss", "0.01", "--fail-link", "5ms:<0,0>-03",
                "--fail-receiver", "8ms", "--protocols", "rdcm,mctcp", "--timeline", timeline.toString(), "--html",
                html.toString(), "--json");

        assertThat(code).as("stderr: %s", err).isZero();
        JsonNode results = new ObjectMapper().readTree(out.toString()).get("results");
        assertThat(results).hasSize(2);
        for (JsonNode r : results) {
            assertThat(r.get("verified").asBoolean()).as(r.get("protocol").asText()).isTrue();
        }
        List<String> rows = Files.readAllLines(timeline);
        assertThat(rows.get(0)).isEqualTo("protocol,receivers,repeat,seconds,node,kind,mbps");
        assertThat(rows).anyMatch(row -> row.startsWith("rdcm,10,1,") && row.contains(",overlay,"))
                .anyMatch(row -> row.startsWith("mctcp,10,1,") && row.contains(",00,sent,"))
                .noneMatch(row -> row.startsWith("datacast"));
        assertThat(Files.readString(html)).contains("rdcm, 10 receivers, run 1: rates over time", "<svg",
                "of it over the overlay", "mctcp, 10 receivers, run 1");
    }

    @ParameterizedTest(name = "--fail-link {0}")
    @ValueSource(strings = {"1ms:<0,0>-03", "1ms..3ms:<0,0>-03"})
    void datacastRepairsItsTreesAroundALinkThatFailsDuringTheRunAndGrowsOneAgainWhenItComesBack(String failLink)
            throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = execute(out, err, "bench", "--topology", "bcube:4,1", "--receivers", "10", "--protocols", "datacast",
                "--size", "2MB", "--fail-link", failLink, "--json");

        assertThat(code).as("stderr: %s", err).isZero();
        JsonNode run = new ObjectMapper().readTree(out.toString()).get("results").get(0);
        assertThat(run.get("verified").asBoolean()).isTrue();
    }

    @Test
    void underRandomLossRdcmsOverlayRepairsKeepItAheadOfTheSenderRepairBaseline() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = execute(out, err, "bench", "--topology", "bcube:4,1", "--receivers", "10", "--protocols",
                "rdcm,sender-repair", "--size", "2MB", "--loss", "0.05", "--json");

        assertThat(code).as("stderr: %s", err).isZero();
        JsonNode results = new ObjectMapper().readTree(out.toString()).get("results");
        assertThat(results).hasSize(2);
        assertThat(results).allSatisfy(run -> assertThat(run.get("verified").asBoolean()).isTrue());
        assertThat(results.get(1).get("protocol").asText()).isEqualTo("sender-repair");
        assertThat(results.get(1).get("finishSeconds").asDouble())
                .isGreaterThan(1.3 * results.get(0).get("finishSeconds").asDouble());
    }

    @Test
    void fabricEventsAndOptionsAreCheckedBeforeAnyRun() {
        assertUsage("--fail-link 5ms needs its link", "give the time and the link's two ends as AT:A-B", "--topology",
                "bcube:4,1", "--protocols", "rdcm", "--fail-link", "5ms");
        assertUsage("a bad re-activation delay", "rdcm.reactivation must be a positive duration such as 10s or "
                + "500ms, got 'soon', or never", "--topology", "bcube:4,1", "--protocols", "rdcm", "--option",
                "rdcm.reactivation=soon");
        assertUsage("the baseline takes no crashes", "sender-repair takes loss and link failures", "--topology",
                "bcube:4,1", "--protocols", "sender-repair", "--fail-receiver", "5ms");
        assertUsage("a link back up before it failed",
                "--fail-link 5ms..2ms:00-<0,0>: a link comes back up after it fails", "--topology", "bcube:4,1", "--protocols", "rdcm", "--fail-link", "5ms..2ms:00-<0,0>");
        assertUsage("an unknown node", "--fail-link 5ms:00-99: no node '99'", "--topology", "bcube:4,1",
                "--protocols", "rdcm", "--fail-link", "5ms:00-99");
        assertUsage("two servers are not adjacent", "no link between 00 and 01", "--topology", "bcube:4,1",
                "--protocols", "rdcm", "--fail-link", "5ms:00-01");
        assertUsage("a bad time", "is not a duration", "--topology", "bcube:4,1", "--protocols", "rdcm",
                "--fail-link", "soon:00-<0,0>");
        assertUsage("a switch cannot crash as a receiver", "is a switch", "--topology", "bcube:4,1", "--protocols",
                "rdcm", "--fail-receiver", "5ms:<0,0>");
        assertUsage("the swarms take no events", "not to bt-cornet", "--topology", "bcube:4,1", "--protocols",
                "rdcm,bt-cornet", "--background", "websearch:0.3");
        assertUsage("datacast takes no crash", "not receiver crashes", "--topology", "bcube:4,1", "--protocols",
                "datacast", "--fail-receiver", "1ms");
        assertUsage("a loss of 1", "--loss must be a fraction in [0, 1)", "--topology", "bcube:4,1", "--protocols",
                "rdcm", "--loss", "1");
        assertUsage("a bad background", "--background cbr:3: unknown background", "--topology", "bcube:4,1",
                "--protocols", "rdcm", "--background", "cbr:3");
        assertUsage("events without a topology", "apply with --topology SPEC", "--scenario", "tc1-fast", "--loss",
                "0.01");
        assertUsage("a swarm's option misspelt", "unknown option bittorrent.nonsense", "--topology", "bcube:4,1",
                "--protocols", "rdcm,bt-cornet", "--option", "bittorrent.nonsense=3");
        assertUsage("an option no protocol reads, for a fabric run that plans none", "unknown option robber.nonsense: "
                + "no protocol on the class path takes options under 'robber.'", "--topology", "bcube:4,1", "--protocols",
                "rdcm", "--option", "robber.nonsense=1");
        assertUsage("rdcm's congestion control misspelt", "the topology bench knows [rdcm.congestion-control, rdcm.reactivation]",
                "--topology", "bcube:4,1", "--protocols", "rdcm", "--option", "rdcm.congestion=bic");
        assertUsage("a bad value", "rdcm.congestion-control is bic or none", "--topology", "bcube:4,1", "--protocols",
                "rdcm", "--option", "rdcm.congestion-control=cubic");
    }

    private static void assertUsage(String why, String message, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "bench";
        System.arraycopy(args, 0, all, 1, args.length);
        CliRun run = CliRun.of(all);
        assertThat(run.exitCode()).as(why).isEqualTo(2);
        assertThat(run.err()).as(why).contains(message);
        assertThat(run.out()).as("%s: no run started", why).isEmpty();
    }

    @Test
    void usageErrorsNameTheProblem() {
        StringWriter err = new StringWriter();
        assertThat(execute(new StringWriter(), err, "bench", "--topology", "bcube:4", "--size", "1MB")).isEqualTo(2);
        assertThat(err.toString()).contains("--topology", "expected 2 numbers");
        err = new StringWriter();
        assertThat(execute(new StringWriter(), err, "bench", "--topology", "bcube:4,1", "--receivers", "16")).isEqualTo(2);
        assertThat(err.toString()).contains("--receivers must be between 1 and 15");
        err = new StringWriter();
        assertThat(execute(new StringWriter(), err, "bench", "--topology", "bcube:4,1", "--protocols", "bt-psychic"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("unknown protocol 'bt-psychic'", "bt-optimized");
        err = new StringWriter();
        assertThat(execute(new StringWriter(), err, "bench", "--topology", "bcube:4,1", "--scenario", "tc1-fast"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("either --scenario or --topology");
    }

    private static int execute(StringWriter out, StringWriter err, String... args) {
        var cli = RobberCli.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }
}

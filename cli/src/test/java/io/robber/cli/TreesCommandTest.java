package io.robber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code robber trees}; runs through {@link RobberCliTest#run}. */
class TreesCommandTest {

    @Test
    void printsThePapersTwoTreesOnBCube41WithTheirDepthsTheBoundAndTheTime() {
        CliRun run = CliRun.of("trees", "--topology", "bcube:4,1", "--group", "00,02,10,21,23,31,33");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("bcube:4,1 (16 servers, 8 switches, 32 links)", "source 00, 6 receivers",
                "2 trees, bound 2", "verified: yes", "computed in", "tree 1: 00→<0,0>", "tree 2: 00→<1,0>");
        assertThat(run.out().lines().filter(line -> line.matches(" +[12] +1[0-9] +6 +[0-9]+"))).hasSize(2);
    }

    @Test
    void withoutAGroupEveryServerReceivesFromTheFirstAndJsonListsTheTrees() throws IOException {
        CliRun run = CliRun.of("trees", "--topology", "torus:4,2", "--json");

        JsonNode json = JsonOutput.mapper().readTree(run.out());
        assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(json.get("source").asText()).isEqualTo("00");
        assertThat(json.get("receivers").asInt()).isEqualTo(15);
        assertThat(json.get("bound").asInt()).isEqualTo(4);
        assertThat(json.get("verified").asBoolean()).isTrue();
        assertThat(json.get("trees")).hasSize(4);
        assertThat(json.get("trees").get(0).get("links").asInt()).isEqualTo(15);
        assertThat(json.get("trees").get(0).get("arcs")).hasSize(15);
        assertThat(json.get("trees").get(0).get("arcs").get(0).get(0).asText()).isEqualTo("00");
    }

    @Test
    void failedLinksAndRandomReceiversAreSeededAndTimedOverRepeats() throws IOException {
        CliRun first = CliRun.of("trees", "--topology", "bcube:4,2", "--fail-links", "0.05", "--receivers", "20",
                "--seed", "3", "--repeat", "5", "--json");
        CliRun second = CliRun.of("trees", "--topology", "bcube:4,2", "--fail-links", "0.05", "--receivers", "20",
                "--seed", "3", "--json");

        JsonNode a = JsonOutput.mapper().readTree(first.out());
        JsonNode b = JsonOutput.mapper().readTree(second.out());
        assertThat(a.get("failedLinks").asInt()).isEqualTo(10);
        assertThat(a.get("receivers").asInt()).isEqualTo(20);
        assertThat(a.get("repeat").asInt()).isEqualTo(5);
        assertThat(a.get("trees")).isEqualTo(b.get("trees"));
        assertThat(a.get("trees").size()).isBetween(1, a.get("bound").asInt());
    }

    @Test
    void readsTheGroupAndTheTopologyFromFiles(@TempDir Path dir) throws IOException {
        Path group = Files.writeString(dir.resolve("group.txt"), "host0.0\nhost1.3\nhost2.1\n");
        Path topology = Files.writeString(dir.resolve("fabric.json"), "{\"topology\": \"leafspine:2,3,4\"}");

        CliRun run = CliRun.of("trees", "--topology", topology.toString(), "--group", group.toString(), "--source", "host2.1");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("source host2.1, 2 receivers", "1 trees, bound 1",
                "tree 1: host2.1→leaf2 leaf2→spine0");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "trees                                                 | --topology",
        "trees --topology mesh:3                               | unknown topology kind 'mesh'",
        "trees --topology bcube:4                              | expected 2 numbers n,k",
        "trees --topology torus:2,2                            | must be more than 2",
        "trees --topology bcube:4,1 --group 00,99              | --group: no node '99'",
        "trees --topology leafspine:2,2,2 --group host0.0,leaf0 | leaf0 is a switch",
        "trees --topology bcube:4,1 --group 00                 | at least one receiver",
        "trees --topology bcube:4,1 --source 77                | --source: no node '77'",
        "trees --topology bcube:4,1 --fail-links 2             | --fail-links must be a fraction",
        "trees --topology bcube:4,1 --repeat 0                 | --repeat must be at least 1",
        "trees --topology bcube:4,1 --receivers 16             | --receivers must be between 1 and 15",
        "trees --topology bcube:4,1 --receivers 3 --group 00,01 | either --group or --receivers",
        "trees --topology /no/such.json                        | cannot read topology file"})
    void badArgumentsAreOneLineUsageErrors(String line, String message) {
        CliRun run = CliRun.of(line.split(" "));

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().strip()).doesNotContain("\n").startsWith("robber trees").contains(message);
    }
}

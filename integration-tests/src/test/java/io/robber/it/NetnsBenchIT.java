package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code robber bench --backend netns}: every node a {@code robber} process in its own network
 * namespace, the WAN shaped by the kernel. Needs root and {@code ip netns}; skipped, saying so,
 * without them. Checks the outcome and that the run is bounded by the pair bandwidth (a generous
 * ratio, not a time), and that no namespace is left behind.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class NetnsBenchIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;
    @RegisterExtension
    final RobberProcesses processes = new RobberProcesses(() -> work);

    @BeforeAll
    static void needsNetworkNamespaces() throws Exception {
        String probe = "robber-it-probe-" + ProcessHandle.current().pid();
        Process add = new ProcessBuilder("ip", "netns", "add", probe).redirectErrorStream(true).start();
        String output = new String(add.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        boolean ok = add.waitFor(10, TimeUnit.SECONDS) && add.exitValue() == 0;
        if (ok) {
            new ProcessBuilder("ip", "netns", "del", probe).start().waitFor(10, TimeUnit.SECONDS);
        }
        assumeTrue(ok, () -> "netns bench skipped: 'ip netns add' failed (" + output.strip()
                + "); the netns backend needs root and iproute2");
    }


    @Test
    void twoClustersOfTwoGetVerifiedCopiesThroughTheShapedPair() throws Exception {
        Path scenario = Files.writeString(work.resolve("pair.json"), """
                {"name": "pair", "dataSize": "6MB",
                 "clusters": [{"name": "A", "nodes": 2}, {"name": "B", "nodes": 2}],
                 "wan": {"bandwidth": "2MB/s", "delay": "10ms"}}""");
        RobberProcesses.Node bench = processes.start("bench", "bench", "--backend", "netns", "--scenario",
                scenario.toString(), "--protocols", "robber", "--timeout", "2m", "--json");
        assertThat(bench.awaitExit()).as(bench.stderr()).isZero();
        JsonNode result = JSON.readTree(bench.stdout()).path("results").get(0);
        assertThat(result.path("verified").asBoolean()).as(bench.stdout()).isTrue();
        assertThat(result.path("backend").asText()).isEqualTo("netns");
        assertThat(result.path("wanBytesIn").path("B").asLong()).isGreaterThanOrEqualTo(6_000_000L);
        // The kernel holds the pair at 2 MB/s: never faster than the bound (with a generous margin).
        assertThat(result.path("percentOfBound").asDouble()).isBetween(1.0, 120.0);
        String prefix = "rbb" + bench.process().pid() % 100_000 + "-";
        Process list = new ProcessBuilder("ip", "netns", "list").start();
        String left = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        list.waitFor(10, TimeUnit.SECONDS);
        assertThat(left.lines()).noneMatch(l -> l.startsWith(prefix));
    }
}

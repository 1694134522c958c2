package io.robber.it.docker;

import static io.robber.it.docker.DockerCluster.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.robber.emulation.tc.AddressPlan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The WAN's one-way delays in the Docker emulation: on this kernel (no netem) they come from
 * Toxiproxy on the hubs, which DNAT puts transparently between the clusters. The compose
 * project's hubs run as generated; two probe containers take the addresses of a node of each
 * cluster and time round trips between them through the hubs. Skipped, saying so, without Docker.
 */
@DockerAvailable
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class DockerDelayIT {
    /** A → B 30 ms, B → A 10 ms: a round trip from A to B and back takes at least 40 ms. */
    private static final String SCENARIO = """
            {"name": "delays", "dataSize": "1MB",
             "clusters": [{"name": "A", "nodes": 2}, {"name": "B", "nodes": 1}],
             "links": [{"from": "A", "to": "B", "delay": "30ms"}, {"from": "B", "to": "A", "delay": "10ms"}]}""";
    private static final double ONE_WAY_SUM_MS = 40;
    private static final String PROBE = "java -XX:TieredStopAtLevel=1 -cp /robber/robber.jar "
            + "io.robber.emulation.netns.RoundTripProbe";
    private static final int PORT = 7900;

    @TempDir
    Path work;

    @Test
    void aRoundTripBetweenClustersTakesBothOneWayDelays() throws Exception {
        try (DockerCluster cluster = DockerCluster.start(work.resolve("project"), SCENARIO, "robber",
                List.of("hub-a", "hub-b"))) {
            await(Duration.ofMinutes(3), "the hubs to be healthy",
                    () -> cluster.healthy("hub-a") && cluster.healthy("hub-b"));
            String echo = cluster.network(1) + "-echo";
            AddressPlan.Block at = cluster.project().addresses();
            String b0 = at.node(1, 0);
            DockerCluster.run(Duration.ofMinutes(1), "docker", "run", "-d", "--rm", "--name", echo, "--network",
                    cluster.network(1), "--ip", b0, "--cap-add", "NET_ADMIN", cluster.nodeImage(), "bash", "-c",
                    "ip route replace default via " + at.hubInside(1) + "; exec " + PROBE + " echo " + PORT);
            try {
                await(Duration.ofMinutes(2), "the echo probe to listen",
                        () -> DockerCluster.run(Duration.ofMinutes(1), "docker", "logs", echo).contains("listening " + PORT));
                String out = DockerCluster.run(Duration.ofMinutes(2), "docker", "run", "--rm", "--network",
                        cluster.network(0), "--ip", at.node(0, 1), "--cap-add", "NET_ADMIN",
                        cluster.nodeImage(), "bash", "-c", "ip route replace default via "
                                + at.hubInside(0) + " && " + PROBE + " ping " + b0 + " " + PORT + " 10");

                assertThat(out).as("the probe's output").contains("rtt-ms=");
                double[] rtt = Arrays.stream(out.substring(out.indexOf("rtt-ms=") + 7).split(" ")[0].split(","))
                        .mapToDouble(Double::parseDouble).toArray();
                assertThat(rtt).hasSize(10);
                // each direction held back by its own delay; a huge upper bound only catches a hang
                assertThat(Arrays.stream(rtt).min().orElseThrow()).isGreaterThanOrEqualTo(ONE_WAY_SUM_MS)
                        .isLessThan(10_000);
            } finally {
                DockerCluster.run(Duration.ofMinutes(1), "docker", "rm", "-f", echo);
            }
        }
    }
}

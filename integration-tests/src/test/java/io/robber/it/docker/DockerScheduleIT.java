package io.robber.it.docker;

import static io.robber.it.docker.DockerCluster.await;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario's schedule in the Docker emulation: the compose project's hubs run as generated, and
 * once the transfer starts (the mark the root's script sets on its sender's {@code starting:} line,
 * set here by hand) hub A changes its pair class to B at the scheduled moment, as {@code tc class
 * show} in the hub then tells. Skipped, saying so, without Docker.
 */
@DockerAvailable
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class DockerScheduleIT {
    /** A–B at 8 MB/s (64 Mbit/s) until 1 s into the transfer, then 1 MB/s (8 Mbit/s). */
    private static final String SCENARIO = """
            {"name": "schedule", "dataSize": "1MB",
             "clusters": [{"name": "A", "nodes": 1}, {"name": "B", "nodes": 1}],
             "links": [{"between": ["A", "B"], "bandwidth": "8MB/s"}],
             "schedule": [{"at": "1s", "links": [{"between": ["A", "B"], "bandwidth": "1MB/s"}]}]}""";
    /** Hub A's pair class towards cluster B. */
    private static final String PAIR_CLASS = "class htb 1:101 ";

    @TempDir
    Path work;

    @Test
    void aHubChangesItsPairClassAtTheScheduledMomentOfTheTransfer() throws Exception {
        Path dir = work.resolve("project");
        try (DockerCluster cluster = DockerCluster.start(dir, SCENARIO, "robber", List.of("hub-a", "hub-b"))) {
            await(Duration.ofMinutes(3), "the hubs to be healthy",
                    () -> cluster.healthy("hub-a") && cluster.healthy("hub-b"));
            String hubA = cluster.container("hub-a");
            assertThat(pairClass(hubA)).as("before the start").contains("rate 64Mbit");

            Files.createFile(dir.resolve("results/transfer-started"));
            await(Duration.ofMinutes(3), "hub A to play the schedule",
                    () -> cluster.log("hub-a").contains("hub-a: schedule: pair rates of 1.000 s in force"));

            assertThat(pairClass(hubA)).as("after the scheduled moment").contains("rate 8Mbit");
            assertThat(cluster.log("hub-a")).doesNotContain("could not apply");
        }
    }

    /** Hub A's pair class towards B, as {@code tc class show} prints it on its interfaces. */
    private static String pairClass(String container) throws IOException, InterruptedException {
        String classes = DockerCluster.run(Duration.ofMinutes(1), "docker", "exec", container, "bash", "-c",
                "for d in $(ls /sys/class/net); do tc class show dev $d; done");
        return classes.lines().filter(line -> line.startsWith(PAIR_CLASS)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + PAIR_CLASS + "on hub A: " + classes));
    }
}

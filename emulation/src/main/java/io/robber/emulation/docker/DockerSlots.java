package io.robber.emulation.docker;

import io.robber.emulation.tc.AddressPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * Which Docker address block ({@link AddressPlan#docker(int)}) a new compose project may take: the first
 * whose subnets no network of the daemon holds, so that two projects (a bench and a CI run, two benches)
 * run side by side on one daemon.
 */
public final class DockerSlots {
    private static final long COMMAND_SECONDS = 60;

    private DockerSlots() {
    }

    /** The first slot free on the daemon for a project of {@code clusters} clusters. */
    public static int free(int clusters) throws IOException, InterruptedException {
        return free(clusters, inUse());
    }

    /** The first slot free for a project of {@code clusters} clusters, given the subnets {@code inUse}. */
    static int free(int clusters, Set<String> inUse) {
        for (int slot = 0; slot < AddressPlan.DOCKER_SLOTS; slot++) {
            AddressPlan.Block block = AddressPlan.docker(slot);
            if (!inUse.contains(block.wan())
                    && IntStream.range(0, clusters).noneMatch(c -> inUse.contains(block.cluster(c)))) {
                return slot;
            }
        }
        throw new IllegalStateException("every Docker address block (" + AddressPlan.DOCKER_SLOTS + ", WANs "
                + AddressPlan.docker(0).wan() + " to " + AddressPlan.docker(AddressPlan.DOCKER_SLOTS - 1).wan()
                + ") is held by another project's networks: wait for one to end, or remove its networks "
                + "('docker network ls --filter label=" + ComposeProject.LABEL + "')");
    }

    /** The subnets of the daemon's networks, as {@code docker network inspect} gives them. */
    static Set<String> inUse() throws IOException, InterruptedException {
        List<String> ids = words(run(List.of("docker", "network", "ls", "--quiet")));
        if (ids.isEmpty()) {
            return Set.of();
        }
        List<String> inspect = new ArrayList<>(List.of("docker", "network", "inspect", "--format",
                "{{range .IPAM.Config}}{{.Subnet}} {{end}}"));
        inspect.addAll(ids);
        return new HashSet<>(words(run(inspect)));
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.trim().split("\\s+")).filter(w -> !w.isEmpty()).toList();
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("'" + String.join(" ", command) + "' failed: " + output.strip());
        }
        return output;
    }
}

package io.robber.it.docker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.InternalServerErrorException;
import io.robber.emulation.docker.ComposeProject;
import io.robber.emulation.docker.DockerExperiment;
import io.robber.emulation.docker.DockerImages;
import io.robber.emulation.docker.DockerSlots;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import io.robber.emulation.tc.NetemProbe;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.testcontainers.DockerClientFactory;

/**
 * A small compose project of the Docker emulation, started with {@code docker-compose up -d} as an
 * operator would, with faults injected from outside through the Docker API (Testcontainers'
 * client): kill, pause, unpause. Two clusters of three nodes, A–B 500 KB/s each way, local
 * traffic unshaped, so that cluster A holds the data long before B does. Removed, with its
 * networks, on {@link #close()}.
 */
final class DockerCluster implements AutoCloseable {
    private static final int PAUSE_ATTEMPTS = 5;
    /** The data: 6 MB in 16 KiB pieces, about 12 s over the usual 500 KB/s WAN. */
    static final long BYTES = 6_000_000;
    private static final String SCENARIO = scenario("500KB/s");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TRANSFER_TIMEOUT = Duration.ofMinutes(4);

    private final Path dir;
    private final String name;
    private final ComposeProject project;
    private final Map<String, String> images;
    private final DockerClient docker = DockerClientFactory.instance().client();

    private DockerCluster(Path dir, String name, ComposeProject project, Map<String, String> images) {
        this.dir = dir;
        this.name = name;
        this.project = project;
        this.images = images;
    }

    /** Clusters A and B of three nodes each, joined by a WAN of {@code bandwidth}; 6 MB of data. */
    static String scenario(String bandwidth) {
        return """
                {"name": "faults", "dataSize": "6MB",
                 "clusters": [{"name": "A", "nodes": 3}, {"name": "B", "nodes": 3}],
                 "links": [{"between": ["A", "B"], "bandwidth": "%s"}]}""".formatted(bandwidth);
    }

    /** Builds the images if needed (cached), writes the project into {@code dir} and starts it with {@code protocol}. */
    static DockerCluster start(Path dir, String protocol) throws IOException, InterruptedException {
        return start(dir, SCENARIO, protocol, List.of());
    }

    /**
     * The project of {@code scenario} (JSON) in {@code dir}, with {@code services} started (all
     * when empty).
     */
    static DockerCluster start(Path dir, String scenario, String protocol, List<String> services) throws IOException,
            InterruptedException {
        Path jar = Path.of(System.getProperty("robber.jar", "../cli/target/robber.jar")).toAbsolutePath().normalize();
        Map<String, String> images = DockerImages.build(jar, true);
        Network network = NetworkModel.parse(scenario)
                .resolve();
        ComposeProject project = DockerExperiment.project(network, NetemProbe.detect().available(), protocol,
                images.get(DockerImages.NODE), images.get(DockerImages.HUB), 16384, TRANSFER_TIMEOUT,
                DockerSlots.free(network.nominal().clusterCount()));
        project.write(dir);
        DockerCluster cluster = new DockerCluster(dir, "robberit" + ProcessHandle.current().pid()
                + dir.getFileName().toString().replaceAll("[^a-z0-9]", "").toLowerCase(), project, images);
        List<String> up = new ArrayList<>(List.of("up", "-d", "--no-color"));
        up.addAll(services);
        cluster.compose(Duration.ofMinutes(3), up.toArray(String[]::new));
        return cluster;
    }

    ComposeProject project() {
        return project;
    }

    /** The robber-node image the nodes run. */
    String nodeImage() {
        return images.get(DockerImages.NODE);
    }

    /** The Docker network of {@code cluster}, e.g. {@code robberit123_cluster-a}. */
    String network(int cluster) {
        return name + "_" + project.network(cluster);
    }

    /** Whether a service's container passes its health check (a hub: shaped, proxies in place). */
    boolean healthy(String service) throws IOException, InterruptedException {
        InspectContainerResponse.ContainerState state = state(container(service));
        return state.getHealth() != null && "healthy".equals(state.getHealth().getStatus());
    }

    /** The container of a service, e.g. {@code b-1}. */
    String container(String service) throws IOException, InterruptedException {
        String id = compose(Duration.ofMinutes(1), "ps", "-q", service).strip();
        assertThat(id).as("container of " + service).isNotEmpty();
        return id;
    }

    void kill(String service) throws IOException, InterruptedException {
        docker.killContainerCmd(container(service)).exec();
    }

    /**
     * Freezes a service's processes. The kernel may fail to freeze a cgroup whose task is in an
     * uninterruptible wait (runc: "unable to freeze", seen once in CI on a busy disk); a few more tries,
     * a moment apart, get past it.
     */
    void pause(String service) throws IOException, InterruptedException {
        String id = container(service);
        for (int attempt = 1; ; attempt++) {
            try {
                docker.pauseContainerCmd(id).exec();
                return;
            } catch (InternalServerErrorException e) {
                if (attempt == PAUSE_ATTEMPTS || !String.valueOf(e.getMessage()).contains("unable to freeze")) {
                    throw e;
                }
                Thread.sleep(200L * attempt);
            }
        }
    }

    void unpause(String service) throws IOException, InterruptedException {
        docker.unpauseContainerCmd(container(service)).exec();
    }

    /** The exit code of a service's container once it has stopped; waits up to {@code limit}. */
    long awaitExit(String service, Duration limit) throws IOException, InterruptedException {
        String id = container(service);
        await(limit, service + " to exit", () -> !state(id).getRunning());
        return state(id).getExitCodeLong();
    }

    private InspectContainerResponse.ContainerState state(String id) {
        return docker.inspectContainerCmd(id).exec().getState();
    }

    /** The services of the nodes (root first), without the hubs. */
    List<String> nodes() {
        List<String> all = new ArrayList<>();
        all.add(ComposeProject.ROOT);
        for (int r = 1; r < 3; r++) {
            all.add(project.service(0, r));
        }
        for (int r = 0; r < 3; r++) {
            all.add(project.service(1, r));
        }
        return all;
    }

    /** The member id of a node's service, e.g. {@code B1} for {@code b-1}. */
    String memberId(String service) {
        if (service.equals(ComposeProject.ROOT)) {
            return project.memberId(0, 0);
        }
        return project.memberId(service.startsWith("a-") ? 0 : 1, Integer.parseInt(service.substring(2)));
    }

    /**
     * Bytes on disk in the files under a receiver's {@code /out}, temporary files included: allocated
     * blocks, not apparent sizes, so that a preallocated copy counts only what was written (0 before
     * the transfer started).
     */
    long bytesReceived(String service) throws IOException, InterruptedException {
        String out = run(Duration.ofSeconds(30), "docker", "exec", container(service), "find", "/out", "-type", "f",
                "-printf", "%b\\n");
        return out.lines().filter(l -> !l.isBlank()).mapToLong(Long::parseLong).sum() * 512;
    }

    /** Whether a receiver has moved its copy into place under its final name. */
    boolean holdsCopy(String service) throws IOException, InterruptedException {
        return !run(Duration.ofSeconds(30), "docker", "exec", container(service), "ls", "/out/data.bin").isBlank();
    }

    /**
     * The names under a stopped or running receiver's {@code /out}, copied out of the container
     * (temporary files start with a dot).
     */
    List<String> filesUnderOut(String service, Path into) throws IOException, InterruptedException {
        Path target = into.resolve(service);
        run(Duration.ofMinutes(1), "docker", "cp", container(service) + ":/out", target.toString());
        if (!Files.isDirectory(target)) {
            return List.of();
        }
        try (var files = Files.list(target)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** SHA-256 of a file in a (possibly stopped) container, copied out first. */
    String sha256(String service, String path, Path into) throws IOException, InterruptedException {
        Path target = into.resolve(service + ".bin");
        run(Duration.ofMinutes(1), "docker", "cp", container(service) + ":" + path, target.toString());
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(target)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A node's JSON outcome ({@code results/ID.json}), or null when it wrote none. */
    JsonNode result(String service) throws IOException {
        Path file = dir.resolve("results").resolve(memberId(service) + ".json");
        return Files.exists(file) && Files.size(file) > 0 ? JSON.readTree(file.toFile()) : null;
    }

    String logs() throws IOException, InterruptedException {
        return compose(Duration.ofMinutes(1), "logs", "--no-color", "--tail", "30");
    }

    /** Everything a service's container has written to stdout and stderr so far. */
    String log(String service) throws IOException, InterruptedException {
        return compose(Duration.ofMinutes(1), "logs", "--no-color", service);
    }

    /** A condition polled by {@link #await}. */
    interface Check {
        boolean done() throws IOException, InterruptedException;
    }

    static void await(Duration limit, String what, Check done) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!done.done()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + limit + " for " + what);
            }
            Thread.sleep(200);
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        compose(Duration.ofMinutes(2), "down", "--volumes", "--timeout", "1");
    }

    private String compose(Duration limit, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("docker-compose", "--project-name", name, "--project-directory",
                dir.toString(), "--file", dir.resolve("docker-compose.yml").toString()));
        command.addAll(List.of(args));
        return run(limit, command.toArray(String[]::new));
    }

    /**
     * Runs {@code command} and returns its stdout; fails if it takes more than {@code limit}. The output
     * goes to a file, so that a command that hangs with its stdout open cannot outlast the limit.
     */
    static String run(Duration limit, String... command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("robber-it-run", ".out");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " took more than " + limit);
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(out);
        }
    }
}

package io.robber.emulation.docker;

import io.robber.emulation.bound.CutScheduleBound;
import io.robber.emulation.bound.ScheduleBound;
import io.robber.emulation.model.Network;
import io.robber.emulation.runner.Emulator;
import io.robber.emulation.runner.Experiment;
import io.robber.emulation.runner.LocalProcesses;
import io.robber.emulation.runner.RobberJar;
import io.robber.emulation.runner.RunResult;
import io.robber.emulation.runner.SenderReport;
import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.tc.NetemProbe;
import io.robber.emulation.tc.ShapingPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The docker backend: the scenario as a {@link ComposeProject} — every node a {@code robber}
 * process in its own container, the WAN shaped by the kernel in hub containers — run with
 * {@code docker-compose up} and read from the root's JSON ({@link SenderReport}), then taken down
 * with its networks. Needs root, Docker and docker-compose; builds the images first when they are
 * missing ({@link DockerImages}), the hub image with Toxiproxy where this kernel has no netem, so
 * that the one-way delays come from Toxiproxy on the hubs as on the netns backend. A scenario's
 * schedule is played by the hubs from the transfer's start ({@link HubSchedule}). Not emulated, as on
 * the netns backend: the monitoring data a {@code balanced} root would need.
 */
public final class DockerExperiment implements Emulator {
    /** How long the containers may take to start and stop around the transfer's own timeout. */
    private static final Duration SLACK = Duration.ofMinutes(5);
    /** What the daemon says when a network's subnet overlaps another network's. */
    private static final String POOL_OVERLAPS = "Pool overlaps with other one on this address space";
    private static int projects;

    private final Experiment.Settings settings;

    public DockerExperiment(Experiment.Settings settings) {
        this.settings = settings;
    }

    /**
     * The compose project of {@code protocol} over {@code network} on the node image {@code image}
     * and, where this kernel has no netem ({@link NetemProbe}), the hub image {@code hubImage}
     * (Toxiproxy; {@code null}: no delays), compared with the network's time-integrated
     * tree-packing bound and its cut bound over time.
     */
    public static ComposeProject project(Network network, String protocol, String image, String hubImage,
                                         int pieceSize, Duration timeout) {
        return project(network, NetemProbe.detect().available(), protocol, image, hubImage, pieceSize, timeout);
    }

    /** {@link #project(Network, String, String, String, int, Duration)} with netem there or not ({@code netem}). */
    public static ComposeProject project(Network network, boolean netem, String protocol, String image,
                                         String hubImage, int pieceSize, Duration timeout) {
        return project(network, netem, protocol, image, hubImage, pieceSize, timeout, 0);
    }

    /**
     * The same, numbered in Docker address block {@code slot} ({@link AddressPlan#docker(int)}), so
     * that it can run beside projects of the other blocks.
     */
    public static ComposeProject project(Network network, boolean netem, String protocol, String image,
                                         String hubImage, int pieceSize, Duration timeout, int slot) {
        ShapingPlan plan = ShapingPlan.of(network, netem, AddressPlan.docker(slot));
        double bound = ScheduleBound.of(network).rate();
        return new ComposeProject(plan, image, hubImage, new ComposeProject.Transfer(network.name(), protocol,
                network.dataSize(), pieceSize, timeout, bound, CutScheduleBound.of(network).rate()),
                HubSchedule.of(network, plan, bound, timeout));
    }

    @Override
    public void check(Network network, String protocol) {
        settings.requireNoOptions("docker");
    }

    @Override
    public RunResult run(String scenario, Network network, String protocol, int repeat, double boundBytesPerSecond)
            throws IOException, InterruptedException {
        NetemProbe netem = NetemProbe.detect();
        Map<String, String> images = DockerImages.build(RobberJar.locate("docker"), !netem.available());
        for (int attempt = 1; ; attempt++) {
            int slot = DockerSlots.free(network.nominal().clusterCount());
            ComposeProject project = project(network, netem.available(), protocol, images.get(DockerImages.NODE),
                    images.get(DockerImages.HUB), settings.pieceSizeFor(network.dataSize()), settings.timeout(), slot);
            System.err.println("docker: " + netem + "; delays: " + project.delays() + "; address block " + slot);
            Path dir = Files.createTempDirectory("robber-docker-");
            try {
                return up(project, dir, scenario, network, protocol, repeat, boundBytesPerSecond);
            } catch (BlockTaken e) {
                if (attempt == AddressPlan.DOCKER_SLOTS) {
                    throw new IOException("every free Docker address block was taken by another project as this "
                            + "one started; its log: " + e.getMessage());
                }
                System.err.println("docker: address block " + slot + " was taken by another project meanwhile: "
                        + "trying the next");
            }
        }
    }

    /**
     * Runs {@code project} in {@code dir} to its end and takes it down; a network of it that overlaps
     * another project's is a {@link BlockTaken}.
     */
    private RunResult up(ComposeProject project, Path dir, String scenario, Network network, String protocol,
                         int repeat, double boundBytesPerSecond) throws IOException, InterruptedException {
        String name = "robber" + ProcessHandle.current().pid() + "n" + nextProject();
        project.write(dir);
        try {
            Process up = compose(dir, name, "up", "--no-color")
                    .redirectOutput(dir.resolve("compose.log").toFile()).start();
            Duration limit = settings.timeout().plus(SLACK);
            if (!up.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
                up.destroy();
                throw new IOException("docker-compose up did not finish within " + limit + "; its log: " + tail(dir));
            }
            if (up.exitValue() != 0 && Files.readString(dir.resolve("compose.log")).contains(POOL_OVERLAPS)) {
                throw new BlockTaken(tail(dir));
            }
            Path result = dir.resolve("results").resolve(project.memberId(0, 0) + ".json");
            return SenderReport.result(scenario, protocol, repeat, network, boundBytesPerSecond,
                    Files.exists(result) ? Files.readAllBytes(result) : new byte[0], tail(dir));
        } finally {
            Process down = compose(dir, name, "down", "--volumes", "--timeout", "1")
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            down.waitFor(2, TimeUnit.MINUTES);
            LocalProcesses.deleteTree(dir);
        }
    }

    /** The daemon refused a network of the project: another project took the same subnet first. */
    private static final class BlockTaken extends IOException {
        BlockTaken(String log) {
            super(log);
        }
    }

    private static synchronized int nextProject() {
        return ++projects;
    }

    private static ProcessBuilder compose(Path dir, String project, String... args) {
        List<String> command = new ArrayList<>(List.of("docker-compose", "--project-name", project, "--project-directory",
                dir.toString(), "--file", dir.resolve("docker-compose.yml").toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
    }

    private static String tail(Path dir) throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve("compose.log"));
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }
}

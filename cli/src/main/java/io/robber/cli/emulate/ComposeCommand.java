package io.robber.cli.emulate;

import io.robber.cli.ExitCodes;
import io.robber.cli.VersionProvider;
import io.robber.cli.convert.ByteSizeConverter;
import io.robber.cli.convert.DurationConverter;
import io.robber.cli.convert.ProtocolNames;
import io.robber.emulation.docker.ComposeProject;
import io.robber.emulation.docker.DockerExperiment;
import io.robber.emulation.docker.DockerImages;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import io.robber.emulation.model.Scenarios;
import io.robber.emulation.runner.PieceSizes;
import io.robber.emulation.runner.RobberJar;
import io.robber.emulation.tc.AddressPlan;
import io.robber.emulation.tc.NetemProbe;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code robber emulate compose}: a scenario as a docker-compose project. */
@Command(name = "compose",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Writes a docker-compose project (file format 2.4) for a scenario into --out: one container per node "
                    + "and one hub per cluster, one network per cluster and a WAN with explicit subnets in "
                    + "198.18.128.0/17 and 198.19.128.0/22 (the block of --slot), each container applying its part of "
                    + "the scenario's tc plan (the Robber paper's Fig. 7) at start, the hubs also its schedule. "
                    + "'docker-compose up' in --out runs the transfer: the root sends a random file, every other node "
                    + "receives it, the root prints the results table and every node writes its JSON outcome to "
                    + "results/. scenario.json is the scenario with --nodes-per-cluster applied, for "
                    + "'robber bench --scenario DIR/scenario.json --scale F' on other backends.",
            "Default 4 nodes per cluster; --nodes-per-cluster 0 keeps the scenario's own (64 containers for TC1). "
                    + "Without --image, builds the images first (robber emulate images; cached). Needs root and Docker "
                    + "to run. One-way delays: netem in the hubs' pair classes where the kernel has it, else Toxiproxy "
                    + "latency toxics on each hub (the robber-hub image), which DNAT makes transparent."})
public final class ComposeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--scenario", required = true, paramLabel = "NAME", description = "Scenario name or file.")
    String scenario;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory to write the project to.")
    Path out;

    @Option(names = "--scale", defaultValue = "0.05", paramLabel = "F",
            description = "Multiply the data size by F (default: ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--nodes-per-cluster", defaultValue = "4", paramLabel = "N",
            description = "At most N nodes per cluster, 0 for the scenario's own (default: ${DEFAULT-VALUE}).")
    int nodesPerCluster;

    @Option(names = "--protocol", defaultValue = "robber", paramLabel = "NAME", completionCandidates = ProtocolNames.class,
            description = "The protocol: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    String protocol;

    @Option(names = "--size", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "Data size instead of the scenario's own (before --scale).")
    Long size;

    @Option(names = "--piece-size", paramLabel = "SIZE", converter = ByteSizeConverter.class,
            description = "Piece size (default: about 8192 pieces per data set, 16KiB to 1MiB).")
    Long pieceSize;

    @Option(names = "--timeout", defaultValue = "30m", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "The transfer's timeout (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--slot", defaultValue = "0", paramLabel = "N",
            description = "The project's address block, 0-3: projects of different blocks run at once on one "
                    + "Docker daemon; block N numbers clusters from 198.18.(128+32N).0/24 and the WAN "
                    + "198.19.(128+N).0/24 (default: ${DEFAULT-VALUE}; 'robber bench --backend docker' takes a free "
                    + "one itself).")
    int slot;

    @Option(names = "--image", paramLabel = "NAME:TAG",
            description = "The robber-node image (default: build the images and use this jar's).")
    String image;

    @Option(names = "--hub-image", paramLabel = "NAME:TAG",
            description = "With --image: the robber-hub image (Toxiproxy) for the hubs when there is no netem "
                    + "(default: none, no delays).")
    String hubImage;

    @Override
    public Integer call() throws Exception {
        if (nodesPerCluster < 0 || !(scale > 0)) {
            throw new ParameterException(spec.commandLine(), "--nodes-per-cluster must be >= 0 and --scale > 0");
        }
        if (slot < 0 || slot >= AddressPlan.DOCKER_SLOTS) {
            throw new ParameterException(spec.commandLine(), "--slot must be 0 to " + (AddressPlan.DOCKER_SLOTS - 1)
                    + ", got " + slot);
        }
        NetworkModel model;
        Network network;
        try {
            model = Scenarios.load(scenario);
            model = nodesPerCluster > 0 ? model.withNodesPerCluster(nodesPerCluster) : model;
            network = model.resolve();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--scenario: " + e.getMessage());
        }
        if (size != null) {
            network = network.withDataSize(size);
        }
        network = network.scaled(scale);
        NetemProbe netem = NetemProbe.detect();
        Map<String, String> images = image != null ? new HashMap<>()
                : DockerImages.build(RobberJar.locate("docker"), !netem.available());
        String node = image != null ? image : images.get(DockerImages.NODE);
        String hub = image != null ? hubImage : images.get(DockerImages.HUB);
        int pieces = pieceSize != null ? (int) (long) pieceSize : PieceSizes.forDataSize(network.dataSize());
        ComposeProject project;
        try {
            project = DockerExperiment.project(network, netem.available(), protocol, node, hub, pieces, timeout, slot);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Files.createDirectories(out);
        project.write(out);
        Files.writeString(out.resolve("scenario.json"), model.toJson());
        PrintWriter w = spec.commandLine().getOut();
        w.println("wrote " + out.resolve("docker-compose.yml") + ": " + (project.receivers() + 1) + " nodes, "
                + network.nominal().clusterCount() + " clusters, " + network.dataSize() + " bytes, " + protocol + " on "
                + node);
        w.println("# " + netem + "; delays: " + project.delays());
        w.println("run: cd " + out + " && docker-compose up; then docker-compose down");
        w.flush();
        return ExitCodes.OK;
    }
}

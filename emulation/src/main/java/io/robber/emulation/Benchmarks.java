package io.robber.emulation;

import io.robber.emulation.bound.CutScheduleBound;
import io.robber.emulation.bound.ScheduleBound;
import io.robber.emulation.docker.DockerExperiment;
import io.robber.emulation.inprocess.EmulatedNetwork;
import io.robber.emulation.netns.NetnsExperiment;
import io.robber.emulation.runner.BenchRunner;
import io.robber.emulation.runner.Emulator;
import io.robber.emulation.runner.Experiment;
import io.robber.emulation.virtual.VirtualExperiment;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Ready-made bench runners. */
public final class Benchmarks {
    private Benchmarks() {
    }

    /** A bench runner on {@code backend}. */
    public static BenchRunner on(Backend backend, Experiment.Settings settings) {
        return on(List.of(backend), settings);
    }

    /**
     * A bench runner that runs every scenario and protocol on each of {@code backends} in turn, all
     * compared with the same time-integrated tree-packing bound (the paper's yardstick) and the cut bound
     * over time (strict).
     */
    public static BenchRunner on(List<Backend> backends, Experiment.Settings settings) {
        Map<String, Emulator> emulators = new LinkedHashMap<>();
        for (Backend backend : backends) {
            emulators.put(backend.id(), emulator(backend, settings));
        }
        return new BenchRunner(emulators, network -> ScheduleBound.of(network).rate(),
                network -> CutScheduleBound.of(network).rate());
    }

    /**
     * The unchanged engines in virtual time over the scenario's links ({@link VirtualExperiment}),
     * results compared with the same bound as in-process runs.
     */
    public static BenchRunner virtual(Experiment.Settings settings) {
        return on(Backend.VIRTUAL, settings);
    }

    /**
     * Every node in this JVM on its own 127.x.y.z address, links shaped and delayed in-process,
     * results compared with the time-integrated tree-packing bound.
     */
    public static BenchRunner inProcess(Experiment.Settings settings) {
        return on(Backend.INPROCESS, settings);
    }

    private static Emulator emulator(Backend backend, Experiment.Settings settings) {
        return switch (backend) {
            case INPROCESS -> new Experiment(settings, EmulatedNetwork::new);
            case VIRTUAL -> new VirtualExperiment(settings);
            case NETNS -> new NetnsExperiment(settings);
            case DOCKER -> new DockerExperiment(settings);
        };
    }
}

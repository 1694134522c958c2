package io.robber.emulation;

import io.robber.emulation.bound.ScheduleBound;
import io.robber.emulation.inprocess.EmulatedNetwork;
import io.robber.emulation.runner.BenchRunner;
import io.robber.emulation.runner.Experiment;
import io.robber.emulation.virtual.VirtualExperiment;

/** Ready-made bench runners. */
public final class Benchmarks {
    private Benchmarks() {
    }

    /** A bench runner on {@code backend}. */
    public static BenchRunner on(Backend backend, Experiment.Settings settings) {
        return switch (backend) {
            case INPROCESS -> inProcess(settings);
            case VIRTUAL -> virtual(settings);
        };
    }

    /**
     * The unchanged engines in virtual time over the scenario's links ({@link VirtualExperiment}),
     * results compared with the same bound as in-process runs.
     */
    public static BenchRunner virtual(Experiment.Settings settings) {
        return new BenchRunner(new VirtualExperiment(settings), network -> ScheduleBound.of(network).rate());
    }

    /**
     * Every node in this JVM on its own 127.x.y.z address, links shaped and delayed in-process,
     * results compared with the time-integrated tree-packing bound.
     */
    public static BenchRunner inProcess(Experiment.Settings settings) {
        Experiment experiment = new Experiment(settings, EmulatedNetwork::new);
        return new BenchRunner(experiment, network -> ScheduleBound.of(network).rate());
    }
}

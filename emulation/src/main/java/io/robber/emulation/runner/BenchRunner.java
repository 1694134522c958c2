package io.robber.emulation.runner;

import io.robber.emulation.model.Network;
import io.robber.emulation.model.Scenarios;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * Runs scenarios × protocols × backends × repeats and collects the results into a {@link BenchReport}; the
 * runs of one scenario and protocol on each backend follow one another, so the report reads them side by side.
 */
public final class BenchRunner {
    /**
     * What to run.
     *
     * @param scenarios scenario names or paths to scenario files
     * @param protocols protocol names
     * @param size      data size replacing the scenario's own, if present
     * @param scale     multiplies data size and schedule times
     * @param rateScale multiplies every bandwidth
     * @param repeats   runs per scenario and protocol
     */
    public record Plan(List<String> scenarios, List<String> protocols, OptionalLong size, double scale,
                       double rateScale, int repeats) {
    }

    private final Map<String, Emulator> backends;
    private final ToDoubleFunction<Network> bound;
    private final ToDoubleFunction<Network> strictBound;

    /**
     * Runs on each of {@code backends} (by name, in order), every result compared with {@code bound} (the
     * paper's yardstick) and {@code strictBound} (a bound no protocol can beat), both in bytes per second.
     */
    public BenchRunner(Map<String, ? extends Emulator> backends, ToDoubleFunction<Network> bound,
                       ToDoubleFunction<Network> strictBound) {
        if (backends.isEmpty()) {
            throw new IllegalArgumentException("a bench needs at least one backend");
        }
        this.backends = new LinkedHashMap<>(backends);
        this.bound = bound;
        this.strictBound = strictBound;
    }

    /**
     * Fails, before anything runs, when a backend would refuse a run of the plan ({@link Emulator#check}),
     * e.g. for a protocol option that no protocol reads or that has a bad value.
     *
     * @throws IllegalArgumentException naming the problem, in one line
     */
    public void check(Plan plan) {
        for (String scenario : plan.scenarios()) {
            Network network = network(plan, scenario);
            for (String protocol : plan.protocols()) {
                backends.values().forEach(backend -> backend.check(network, protocol));
            }
        }
    }

    /**
     * Runs the plan, every run {@linkplain #check checked} before the first; {@code progress} sees each
     * result as it completes.
     */
    public BenchReport run(Plan plan, Consumer<RunResult> progress) throws IOException, InterruptedException {
        check(plan);
        List<RunResult> results = new ArrayList<>();
        for (String scenario : plan.scenarios()) {
            Network network = network(plan, scenario);
            double max = bound.applyAsDouble(network);
            double strictMax = strictBound.applyAsDouble(network);
            for (String protocol : plan.protocols()) {
                for (Map.Entry<String, Emulator> backend : backends.entrySet()) {
                    for (int repeat = 1; repeat <= plan.repeats(); repeat++) {
                        RunResult result = backend.getValue().run(network.name(), network, protocol, repeat, max)
                                .on(backend.getKey()).withStrictBound(strictMax);
                        results.add(result);
                        progress.accept(result);
                    }
                }
            }
        }
        return new BenchReport(results);
    }

    /** The scenario's network as the plan sizes and scales it. */
    private static Network network(Plan plan, String scenario) {
        Network network = Scenarios.load(scenario).resolve();
        if (plan.size().isPresent()) {
            network = network.withDataSize(plan.size().getAsLong());
        }
        return network.scaled(plan.scale()).rateScaled(plan.rateScale());
    }
}

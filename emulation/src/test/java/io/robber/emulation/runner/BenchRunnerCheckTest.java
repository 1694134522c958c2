package io.robber.emulation.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.emulation.Backend;
import io.robber.emulation.Benchmarks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A bench refuses, before its first run, an option that a run would refuse. */
class BenchRunnerCheckTest {
    private static final BenchRunner.Plan PLAN = new BenchRunner.Plan(List.of("tc1-fast"), List.of("robber", "mob"),
            OptionalLong.empty(), 0.01, 1, 1);

    private static Experiment.Settings settings(Map<String, String> options) {
        return new Experiment.Settings(0, 42, 1, 1, Duration.ofMinutes(1), options);
    }

    @Test
    void anOptionNoProtocolReadsFailsBeforeTheFirstRun() {
        List<RunResult> runs = new ArrayList<>();
        BenchRunner runner = Benchmarks.on(Backend.VIRTUAL, settings(Map.of("robber.nonsense", "1")));

        assertThatThrownBy(() -> runner.run(PLAN, runs::add))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown option robber.nonsense: no protocol on the class path takes options "
                        + "under 'robber.'; known prefixes: ");
        assertThat(runs).isEmpty();
    }

    @Test
    void aBadValueForTheSecondProtocolFailsBeforeTheFirstRuns() {
        BenchRunner runner = Benchmarks.on(Backend.VIRTUAL, settings(Map.of("balanced.root", "nobody")));
        BenchRunner.Plan plan = new BenchRunner.Plan(List.of("tc1-fast"), List.of("robber", "balanced"),
                OptionalLong.empty(), 0.01, 1, 1);

        assertThatThrownBy(() -> runner.check(plan)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("balanced.root=nobody is not a member of the group");
    }

    @Test
    void knownOptionsPass() {
        assertThatCode(() -> Benchmarks.on(Backend.VIRTUAL, settings(Map.of("exchange.window-max", "16"))).check(PLAN))
                .doesNotThrowAnyException();
    }

    @Test
    void theProcessBackendsTakeNoOptions() {
        for (Backend backend : List.of(Backend.NETNS, Backend.DOCKER)) {
            BenchRunner runner = Benchmarks.on(backend, settings(Map.of("exchange.window-max", "16")));
            assertThatThrownBy(() -> runner.check(PLAN)).as(backend.id())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the " + backend.id() + " backend runs robber processes, which take no protocol options,"
                            + " got [exchange.window-max]: drop them or run on inprocess or virtual");
            assertThatCode(() -> Benchmarks.on(backend, settings(Map.of())).check(PLAN)).doesNotThrowAnyException();
        }
    }
}

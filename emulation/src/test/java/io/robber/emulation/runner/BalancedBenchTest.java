package io.robber.emulation.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.emulation.Benchmarks;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Balanced Multicasting through the same path as {@code robber bench}: every node in this JVM, the
 * scenario's WAN emulated in-process, the scenario's reported capacities as monitoring data.
 */
class BalancedBenchTest {
    private static final Experiment.Settings SETTINGS = new Experiment.Settings(0, 42, 2, 2, Duration.ofMinutes(3));

    /** A tree delivers each piece into each cluster exactly once: no duplicates, nothing lost. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"tc1-fast", "tc1-mayhem", "tc2-error-c2", "tc4-2x4"})
    void everyPieceCrossesIntoEveryClusterExactlyOnce(String scenario) throws Exception {
        RunResult r = run(scenario, 0.005, scenario.startsWith("tc4") ? 0.05 : 1);

        assertThat(r.error()).isNull();
        assertThat(r.verified()).isTrue();
        Map<String, Long> wanIn = r.wanBytesIn();
        String rootCluster = wanIn.keySet().iterator().next();
        assertThat(wanIn).containsEntry(rootCluster, 0L);
        wanIn.forEach((cluster, bytes) -> {
            if (!cluster.equals(rootCluster)) {
                assertThat(bytes).as("WAN payload into %s", cluster).isEqualTo(r.bytes());
            }
        });
    }

    private static RunResult run(String scenario, double scale, double rateScale) throws Exception {
        return Benchmarks.inProcess(SETTINGS).run(new BenchRunner.Plan(List.of(scenario), List.of("balanced"),
                OptionalLong.empty(), scale, rateScale, 1), r -> { }).results().get(0);
    }
}

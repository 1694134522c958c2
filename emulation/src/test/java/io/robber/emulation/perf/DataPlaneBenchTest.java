package io.robber.emulation.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The data-plane benchmarks run briefly and report every figure; no figure is held to a speed. */
class DataPlaneBenchTest {

    @Test
    void everyBenchmarkReportsItsThroughput() throws Exception {
        List<DataPlaneResult> results = new DataPlaneBench(new Timing(Duration.ofMillis(2), 1, 3)).run();

        assertThat(results).extracting(DataPlaneResult::name).containsExactly("wire encode have",
                "wire decode have", "wire encode bitfield 8192", "wire decode bitfield 8192", "digest 64KiB",
                "digest 1MiB", "exchange robber 2x4 free links");
        for (DataPlaneResult r : results) {
            assertThat(r.operationsPerSecond()).as(r.name()).isPositive();
            assertThat(r.nanosPerOperation() * r.operationsPerSecond()).as(r.name()).isCloseTo(1e9, within(1.0));
            assertThat(r.iterations()).isEqualTo(3);
        }
        assertThat(results.get(4).bytesPerOperation()).isEqualTo(64 << 10);
        assertThat(results.get(5).bytesPerOperation()).isEqualTo(1 << 20);
        assertThat(results.get(5).megabytesPerSecond()).isPositive();
        assertThat(results.get(6).bytesPerOperation()).isZero();
        assertThat(results.get(6).megabytesPerSecond()).isNaN();

        DataPlaneReport report = new DataPlaneReport(results);
        assertThat(report.table().lines().toList()).hasSize(8).first().asString()
                .startsWith("benchmark").contains("ops/s", "ns/op", "MB/s");
        assertThat(report.json()).startsWith("{\"dataPlane\":[{\"name\":\"wire encode have\"");
    }

    @Test
    void theMedianIsTheMiddleIteration() {
        DataPlaneResult r = DataPlaneResult.of("x", "op", 10, new double[] {3e6, 1e6, 2e6});

        assertThat(r.operationsPerSecond()).isEqualTo(2e6);
        assertThat(r.nanosPerOperation()).isEqualTo(500.0);
        assertThat(r.megabytesPerSecond()).isEqualTo(20.0);
    }

    @Test
    void aTimingWithoutMeasuredIterationsIsRefused() {
        assertThatThrownBy(() -> new Timing(Duration.ofMillis(1), 0, 0))
                .hasMessage("need at least one measured iteration and no negative warm-ups, got 0 and 0");
        assertThatThrownBy(() -> Timing.of(Duration.ZERO)).hasMessage("iteration time must be positive, got PT0S");
    }
}

package io.robber.emulation.virtual;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.robber.emulation.Backend;
import io.robber.emulation.Benchmarks;
import io.robber.emulation.runner.BenchReport;
import io.robber.emulation.runner.BenchRunner;
import io.robber.emulation.runner.Experiment;
import io.robber.emulation.runner.RunResult;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Scaled scenarios through the bench path on the virtual backend: complete, with sane figures. */
class VirtualBenchTest {
    private static final Experiment.Settings SETTINGS = new Experiment.Settings(0, 42, 1, 1, Duration.ofMinutes(30));

    @Test
    void scaledTc1FastCompletesWithRobberAndMobNearTheBound() throws Exception {
        BenchReport report = run(List.of("tc1-fast"), List.of("robber", "mob"));

        assertThat(report.results()).hasSize(2);
        for (RunResult r : report.results()) {
            assertThat(r.error()).as(r.protocol()).isNull();
            assertThat(r.verified()).as(r.protocol()).isTrue();
            assertThat(r.bytes()).isEqualTo(12_000_000L);
            assertThat(r.boundMBps()).isEqualTo(10.0, within(1e-6));
            // Virtual time cannot beat the bound; on so little data start and tail weigh, yet most of it is reached.
            assertThat(r.percentOfBound()).as(r.protocol()).isBetween(40.0, 100.0);
            assertThat(r.overheadPercent()).isBetween(0.0, 10.0);
            assertThat(r.cpuSecondsPerNode()).isNaN();
            assertThat(r.cpuSecondsPerGiB()).isNaN();
            assertThat(r.messagesPerPiecePerNode()).as(r.protocol()).isPositive();
            assertThat(r.backend()).isEqualTo("virtual");
            assertThat(r.wanBytesIn()).containsEntry("A", 0L);
            // Robber's end game asks for some of the last pieces twice: on 12 MB (732 pieces of 16 KiB) up to
            // ~6 % into the slowest clusters, at full size under 0.1 %.
            long duplicates = r.protocol().equals("robber") ? r.bytes() * 8 / 100 : r.bytes() / 100;
            for (String cluster : List.of("B", "C", "D")) {
                assertThat(r.wanBytesIn().get(cluster)).as("WAN payload into %s", cluster)
                        .isBetween(r.bytes(), r.bytes() + duplicates);
            }
        }
        assertThat(report.table()).contains("n/a");
    }

    @Test
    void twoIdenticalRunsSendTheSameNumberOfMessages() throws Exception {
        List<RunResult> first = run(List.of("tc1-fast"), List.of("robber", "mob")).results();
        List<RunResult> second = run(List.of("tc1-fast"), List.of("robber", "mob")).results();

        for (int i = 0; i < first.size(); i++) {
            assertThat(first.get(i).messagesPerPiecePerNode()).as(first.get(i).protocol()).isPositive()
                    .isEqualTo(second.get(i).messagesPerPiecePerNode());
        }
    }

    @Test
    void aScheduleThatSlowsTheLinksDownSlowsTheRunDown() throws Exception {
        List<RunResult> results = run(List.of("tc1-fast", "tc1-fast-to-slow"), List.of("robber")).results();

        assertThat(results).allMatch(RunResult::verified);
        assertThat(results.get(1).seconds()).isGreaterThan(results.get(0).seconds());
        assertThat(results.get(1).percentOfBound()).isBetween(20.0, 120.0);
    }

    @Test
    void behindSlowNicsAndSharedAccessLinksRobberStealsWhereMobWaits() throws Exception {
        List<RunResult> results = run(List.of("tc4-2x4"), List.of("robber", "mob")).results();

        for (RunResult r : results) {
            assertThat(r.verified()).as(r.protocol()).isTrue();
            assertThat(r.percentOfBound()).as(r.protocol()).isBetween(10.0, 100.0);
        }
        assertThat(results.get(0).throughputMBps()).isGreaterThan(results.get(1).throughputMBps());
    }

    @Test
    void anUnknownBackendIsNamedWithTheValidOnes() {
        assertThatThrownBy(() -> Backend.of("quantum"))
                .hasMessage("unknown backend 'quantum'; choose one of inprocess, virtual, netns, docker");
    }

    private static BenchReport run(List<String> scenarios, List<String> protocols) throws Exception {
        return Benchmarks.on(Backend.VIRTUAL, SETTINGS).run(new BenchRunner.Plan(scenarios, protocols,
                OptionalLong.empty(), 0.02, 1, 1), r -> { });
    }
}

package io.robber.datacast.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.robber.datacast.transport.TransferReport.ReceiverReport;
import org.junit.jupiter.api.Test;

/** Table 1 and Theorems 1–2 of the paper (§5.4, §6.2.1), in virtual time, with generous margins. */
class CacheSizeBenchmarkTest {
    private static final int PACKETS = 10_000;
    private static final double OPTIMUM = 100e6 * (1500 - 16) / 1500;

    @Test
    void theTheoremsGiveThePapersNumbers() {
        assertThat(CacheSizeBenchmark.fullRateCacheBytes(TransportSettings.PAPER, 100_000_000L))
                .isCloseTo(125_000, within(1.0));
        assertThat(CacheSizeBenchmark.duplicateDataRatio(TransportSettings.PAPER, 100_000_000L))
                .isCloseTo(0.0119, within(0.0001));
    }

    @Test
    void aboveTheorem1sCacheSizeTheSlowestReceiverGetsItsFullRateWithTheorem2sDuplicates() {
        for (long cacheBytes : new long[] {128_000, 2_048_000}) {
            TransferReport report = run(cacheBytes);
            assertThat(report.complete()).isTrue();
            assertThat(report.minThroughputBitsPerSecond()).isCloseTo(OPTIMUM, within(0.02 * OPTIMUM));
            assertThat(report.duplicateDataRatio()).isCloseTo(0.0119, within(0.005));
        }
    }

    @Test
    void belowItThroughputDegradesGracefully() {
        TransferReport small = run(8_000);
        assertThat(small.complete()).isTrue();
        assertThat(small.minThroughputBitsPerSecond()).isBetween(0.5 * OPTIMUM, 0.97 * OPTIMUM);
    }

    @Test
    void everyReceiverGetsEveryPacketWhateverTheLossOnTheSlowArc() {
        for (double loss : new double[] {0.00001, 0.001, 0.01, 0.04}) {
            TransferReport report = CacheSizeBenchmark.run(TransportSettings.PAPER, PACKETS, loss, 1);
            assertThat(report.complete()).as("loss %s", loss).isTrue();
            assertThat(report.receivers()).allSatisfy(r -> {
                assertThat(r.receivedPackets()).isEqualTo(PACKETS);
                assertThat(r.finishNanos()).isPositive();
            });
            ReceiverReport slowest = report.receivers().stream().filter(r -> r.name().equals("02")).findFirst().orElseThrow();
            if (loss >= 0.001) {
                assertThat(slowest.retransmissions()).as("loss %s", loss).isPositive();
            }
        }
    }

    private static TransferReport run(long cacheBytes) {
        return CacheSizeBenchmark.run(TransportSettings.PAPER.withCacheBytes(cacheBytes), PACKETS, 0, 1);
    }
}

package io.robber.emulation.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The bucket in virtual time: every {@code now} is chosen by the test. */
class RateBucketTest {
    private static final long MS = 1_000_000;
    private static final long T0 = 1_000_000 * MS;

    /** What a sending link of 1 MB/s saves up: {@link RateBucket#BURST_NANOS} at its rate. */
    private static final long BURST_AT_1MB = (long) (1e6 * RateBucket.BURST_NANOS / 1e9);

    @Test
    void aBusyLinkPassesExactlyItsRate() {
        RateBucket link = RateBucket.sending(1e6);
        long now = T0;
        for (int i = 0; i < 1000; i++) {
            now = link.reserve(16_384, now);
        }
        assertThat((double) (now - T0)).isCloseTo((1000 * 16_384 - BURST_AT_1MB) * 1000.0, within(1000.0));
    }

    @Test
    void anIdleSlowSendingLinkStillTakesAChunksSerialisationTime() {
        RateBucket link = RateBucket.sending(25_000);
        long later = T0 + 10_000 * MS;
        // 16 KiB at 25 kB/s is 655 ms; the idle link saved up only 5 ms of it.
        assertThat(link.reserve(16_384, later)).isEqualTo(later + 16_384 * 40_000L - RateBucket.BURST_NANOS);
    }

    @Test
    void anIdleReceivingLinkPassesOneSocketReadAtOnceAndSavesUpNoMore() {
        RateBucket link = RateBucket.receiving(1e6);
        assertThat(link.reserve(RateBucket.READ_BURST_BYTES, T0)).isEqualTo(T0);
        assertThat(link.reserve(1000, T0)).isEqualTo(T0 + MS);
        long later = T0 + 10_000 * MS;
        assertThat(link.reserve(RateBucket.READ_BURST_BYTES + 1000, later)).isEqualTo(later + MS);
    }

    @Test
    void aFastLinkSavesUpAFewMillisecondsToAbsorbLateWakeUps() {
        RateBucket link = RateBucket.sending(125e6);
        long burst = (long) (125e6 * RateBucket.BURST_NANOS / 1e9);
        assertThat(link.reserve(burst, T0)).isEqualTo(T0);
        assertThat(link.reserve(125_000, T0)).isEqualTo(T0 + MS);
    }

    @Test
    void aRateChangeSendsTheBacklogAtTheNewRate() {
        RateBucket link = RateBucket.sending(1e6);
        link.reserve(BURST_AT_1MB + 100_000, T0);
        link.setRate(4e6, T0 + 50 * MS);
        assertThat(link.rate()).isEqualTo(4e6);
        assertThat(link.reserve(0, T0 + 50 * MS)).isCloseTo(T0 + 50 * MS + 12_500_000, within(10L));
    }

    @Test
    void unlimitedLinksPassEverythingAtOnceAndCanBecomeLimited() {
        RateBucket link = RateBucket.sending(Double.POSITIVE_INFINITY);
        assertThat(link.reserve(1L << 40, T0)).isEqualTo(T0);
        link.setRate(1e6, T0);
        assertThat(link.reserve(BURST_AT_1MB + 1000, T0)).isEqualTo(T0 + MS);
        assertThatThrownBy(() -> link.setRate(0, T0)).hasMessageContaining("positive");
    }
}

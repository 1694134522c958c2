package io.robber.emulation.inprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The bucket in virtual time: every {@code now} is chosen by the test. */
class RateBucketTest {
    private static final long MS = 1_000_000;
    private static final long T0 = 1_000_000 * MS;

    @Test
    void aBusyLinkPassesExactlyItsRate() {
        RateBucket link = new RateBucket(1e6);
        long now = T0;
        for (int i = 0; i < 1000; i++) {
            now = link.reserve(16_384, now);
        }
        long burst = RateBucket.MIN_BURST_BYTES;
        assertThat((double) (now - T0)).isCloseTo((1000 * 16_384 - burst) * 1000.0, within(1000.0));
    }

    @Test
    void anIdleLinkSavesUpOnlyOneBurst() {
        RateBucket link = new RateBucket(1e6);
        assertThat(link.reserve(RateBucket.MIN_BURST_BYTES, T0)).isEqualTo(T0);
        assertThat(link.reserve(1000, T0)).isEqualTo(T0 + MS);
        long later = T0 + 10_000 * MS;
        assertThat(link.reserve(RateBucket.MIN_BURST_BYTES + 1000, later)).isEqualTo(later + MS);
    }

    @Test
    void aFastLinkSavesUpAFewMillisecondsToAbsorbLateWakeUps() {
        RateBucket link = new RateBucket(125e6);
        long burst = (long) (125e6 * RateBucket.BURST_NANOS / 1e9);
        assertThat(link.reserve(burst, T0)).isEqualTo(T0);
        assertThat(link.reserve(125_000, T0)).isEqualTo(T0 + MS);
    }

    @Test
    void aRateChangeSendsTheBacklogAtTheNewRate() {
        RateBucket link = new RateBucket(1e6);
        link.reserve(RateBucket.MIN_BURST_BYTES + 100_000, T0);
        link.setRate(4e6, T0 + 50 * MS);
        assertThat(link.rate()).isEqualTo(4e6);
        assertThat(link.reserve(0, T0 + 50 * MS)).isCloseTo(T0 + 50 * MS + 12_500_000, within(10L));
    }

    @Test
    void unlimitedLinksPassEverythingAtOnceAndCanBecomeLimited() {
        RateBucket link = new RateBucket(Double.POSITIVE_INFINITY);
        assertThat(link.reserve(1L << 40, T0)).isEqualTo(T0);
        link.setRate(1e6, T0);
        assertThat(link.reserve(RateBucket.MIN_BURST_BYTES + 1000, T0)).isEqualTo(T0 + MS);
        assertThatThrownBy(() -> link.setRate(0, T0)).hasMessageContaining("positive");
    }
}

package io.robber.datacast.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** RFC 6298's timeout on hand-computed samples. */
class RtoEstimatorTest {
    private static final long MS = 1_000_000L;
    /** RTO from 10 ms to 1 s. */
    private static final TcpSettings SETTINGS =
            new TcpSettings(1000, 40, 4, 64, 10 * MS, 1000 * MS, 3, 100 * MS);

    @Test
    void beforeAnySampleTheTimeoutIsTenTimesTheFloor() {
        RtoEstimator rto = new RtoEstimator(SETTINGS);
        assertThat(rto.rto()).isEqualTo(100 * MS);
        assertThat(rto.srtt()).isEqualTo(-1);
        assertThat(rto.minRtt()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void theFirstSampleGivesThreeRoundTripsAndLaterOnesAreSmoothed() {
        RtoEstimator rto = new RtoEstimator(SETTINGS);
        rto.sample(20 * MS);
        // SRTT = R, RTTVAR = R/2: RTO = R + 4 R/2 = 60 ms.
        assertThat(rto.srtt()).isEqualTo(20 * MS);
        assertThat(rto.rto()).isEqualTo(60 * MS);
        rto.sample(12 * MS);
        // RTTVAR = 3/4 · 10 + 1/4 · |20 − 12| = 9.5 ms; SRTT = 7/8 · 20 + 1/8 · 12 = 19 ms;
        // RTO = 19 + 4 · 9.5 = 57 ms.
        assertThat(rto.srtt()).isEqualTo(19 * MS);
        assertThat(rto.rto()).isEqualTo(57 * MS);
        assertThat(rto.minRtt()).isEqualTo(12 * MS);
    }

    @Test
    void theTimeoutNeverFallsBelowItsFloorAndDoublesOnEachExpiryUpToItsCeiling() {
        RtoEstimator rto = new RtoEstimator(SETTINGS);
        rto.sample(MS);
        assertThat(rto.rto()).isEqualTo(10 * MS);
        long[] backedOff = new long[8];
        for (int i = 0; i < backedOff.length; i++) {
            rto.backOff();
            backedOff[i] = rto.rto();
        }
        assertThat(backedOff).containsExactly(20 * MS, 40 * MS, 80 * MS, 160 * MS, 320 * MS, 640 * MS, 1000 * MS,
                1000 * MS);
        rto.sample(MS);
        assertThat(rto.rto()).as("a fresh sample ends the backoff").isEqualTo(10 * MS);
    }
}

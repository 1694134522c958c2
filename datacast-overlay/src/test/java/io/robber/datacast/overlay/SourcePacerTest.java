package io.robber.datacast.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The source's token bucket and AIMD (§5.2) in virtual time. */
class SourcePacerTest {
    private static final long MS = 1_000_000L;
    private static final int PIECE = 1000;

    private final VirtualClock clock = new VirtualClock();
    private final List<Long> releasedAt = new ArrayList<>();

    /** 1 MB/s initial rate, δ = 0.1 MB/s per 1 ms, C = 4 releases. */
    private SourcePacer pacer(SourceRate rate) {
        return new SourcePacer(clock, rate, 100, PIECE, 4, p -> PIECE, p -> releasedAt.add(clock.now()));
    }

    private void runUntilIdle() {
        while (clock.step()) {
            // run every event
        }
    }

    /** Wanted pieces go out one piece's worth of tokens apart: 1 ms per 1000 bytes at 1 MB/s. */
    @Test
    void newPiecesAreReleasedAtTheRate() {
        SourcePacer pacer = pacer(new SourceRate(1e6, 0, MS, 0));
        for (int p = 0; p < 5; p++) {
            pacer.want(p);
        }
        runUntilIdle();
        assertThat(releasedAt).containsExactly(0L, MS, 2 * MS, 3 * MS, 4 * MS);
        assertThat(pacer.isReleased(4)).isTrue();
        assertThat(pacer.isReleased(5)).isFalse();
    }

    /**
     * An interest for a piece released within the last C releases is a cache hit; an older one, or a
     * retransmitted one, is a duplicate interest and halves the rate; δ per T without one.
     */
    @Test
    void duplicateInterestsHalveTheRateAndQuietIntervalsRaiseIt() {
        SourceRate rate = new SourceRate(1e6, 1e5, MS, 0);
        SourcePacer pacer = pacer(rate);
        for (int p = 0; p < 6; p++) {
            pacer.want(p);
        }
        runUntilIdle();
        long now = clock.now();
        double before = rate.at(now);
        assertThat(pacer.duplicate(5, false)).as("just released").isFalse();
        assertThat(pacer.duplicate(2, false)).as("among the last C = 4 releases").isFalse();
        assertThat(pacer.duplicate(1, false)).as("5 releases ago").isTrue();
        assertThat(rate.at(now)).isEqualTo(before / 2);
        assertThat(pacer.duplicate(5, true)).as("retransmitted").isTrue();
        assertThat(rate.at(now)).isEqualTo(before / 4);
        assertThat(pacer.duplicateInterests()).isEqualTo(2);
        long nextInterval = (now / MS + 1) * MS;
        assertThat(rate.at(nextInterval)).as("the interval with the duplicates raises nothing").isEqualTo(before / 4);
        assertThat(rate.at(nextInterval + 3 * MS)).isEqualTo(before / 4 + 3e5);
    }

    @Test
    void theRateNeverFallsBelowDelta() {
        SourceRate rate = new SourceRate(1e6, 1e5, MS, 0);
        for (int i = 0; i < 20; i++) {
            rate.onDuplicateInterest(0);
        }
        assertThat(rate.at(0)).isEqualTo(1e5);
    }
}

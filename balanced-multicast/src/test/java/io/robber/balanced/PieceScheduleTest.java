package io.robber.balanced;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PieceScheduleTest {

    @Test
    void piecesAreSplitInProportionToTheTreesRates() {
        PieceSchedule schedule = PieceSchedule.split(new double[] {2e6, 3e6, 5e6}, 1000);

        assertThat(schedule.piecesOf(0)).hasSize(200);
        assertThat(schedule.piecesOf(1)).hasSize(300);
        assertThat(schedule.piecesOf(2)).hasSize(500);
        for (int t = 0; t < 3; t++) {
            for (int p : schedule.piecesOf(t)) {
                assertThat(schedule.tree(p)).isEqualTo(t);
            }
        }
        // interleaved, not in blocks: every tree has pieces in the first tenth of the data
        for (int t = 0; t < 3; t++) {
            assertThat(schedule.piecesOf(t)[0]).isLessThan(100);
        }
    }

    @Test
    void eachTreesPiecesAreDealtEvenlyOverItsStrands() {
        PieceSchedule schedule = PieceSchedule.split(new double[] {1}, 3 * Overlay.STRANDS + 5);
        int[] perStrand = new int[Overlay.STRANDS];
        for (int p = 0; p < 3 * Overlay.STRANDS + 5; p++) {
            perStrand[schedule.strand(p)]++;
        }
        for (int count : perStrand) {
            assertThat(count).isBetween(3, 4);
        }
        // consecutive pieces take strands far apart (different members)
        assertThat(Math.abs(schedule.strand(1) - schedule.strand(0))).isGreaterThan(Overlay.STRANDS / 4);
    }

    @Test
    void anUnlimitedSingleTreeTakesEverything() {
        PieceSchedule schedule = PieceSchedule.split(new double[] {Double.POSITIVE_INFINITY}, 10);
        assertThat(schedule.piecesOf(0)).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    }
}

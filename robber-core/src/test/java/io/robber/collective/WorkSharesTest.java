package io.robber.collective;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

class WorkSharesTest {

    @Test
    void paperExample() {
        assertThat(WorkShares.share(0, 3, 6)).isEqualTo(range(0, 2));
        assertThat(WorkShares.share(1, 3, 6)).isEqualTo(range(2, 4));
        assertThat(WorkShares.share(2, 3, 6)).isEqualTo(range(4, 6));
    }

    @Test
    void sharesPartitionThePiecesIntoNearlyEqualContiguousRanges() {
        for (int pieces = 0; pieces <= 200; pieces += 1 + pieces / 10) {
            for (int size = 1; size <= 40; size++) {
                BitSet covered = new BitSet();
                int smallest = Integer.MAX_VALUE;
                int largest = 0;
                int next = 0;
                for (int rank = 0; rank < size; rank++) {
                    BitSet share = WorkShares.share(rank, size, pieces);
                    int count = share.cardinality();
                    if (count > 0) {
                        assertThat(share.nextSetBit(0)).as("P=%d |C|=%d rank %d starts where the last ended", pieces, size, rank)
                                .isEqualTo(next);
                        assertThat(share.length() - share.nextSetBit(0)).as("contiguous").isEqualTo(count);
                        next = share.length();
                    }
                    assertThat(covered.intersects(share)).as("P=%d |C|=%d rank %d overlaps", pieces, size, rank).isFalse();
                    covered.or(share);
                    smallest = Math.min(smallest, count);
                    largest = Math.max(largest, count);
                }
                assertThat(covered).as("P=%d |C|=%d covers every piece", pieces, size).isEqualTo(range(0, pieces));
                assertThat(largest - smallest).as("P=%d |C|=%d balance", pieces, size).isLessThanOrEqualTo(1);
            }
        }
    }

    @Test
    void noPiecesMeansNoWork() {
        for (int rank = 0; rank < 4; rank++) {
            assertThat(WorkShares.share(rank, 4, 0).isEmpty()).isTrue();
        }
    }

    @Test
    void rankTimesPieceCountBeyondIntDoesNotOverflow() {
        int pieces = 100_000_000;

        BitSet last = WorkShares.share(39, 40, pieces);

        assertThat(last.nextSetBit(0)).isEqualTo(97_500_000);
        assertThat(last.length()).isEqualTo(pieces);
    }

    private static BitSet range(int from, int to) {
        BitSet set = new BitSet();
        set.set(from, to);
        return set;
    }
}

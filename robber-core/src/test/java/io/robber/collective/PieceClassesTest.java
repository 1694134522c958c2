package io.robber.collective;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** {@link PieceClasses}: every node of the group agrees on every piece's class. */
class PieceClassesTest {
    private static final int PIECES = 600;

    private static BitSet clusters(int... indexes) {
        BitSet set = new BitSet();
        for (int i : indexes) {
            set.set(i);
        }
        return set;
    }

    @Test
    void theClassesOfTheReceivingClustersPartitionThePieces() {
        BitSet union = new BitSet();
        int total = 0;
        for (int own = 1; own <= 3; own++) {
            PieceClasses classes = new PieceClasses(PIECES, own, 4);
            classes.withoutRoots(clusters(0));
            BitSet mine = classes.own();
            assertThat(mine.cardinality()).as("cluster %d", own).isBetween(PIECES / 6, PIECES / 2);
            union.or(mine);
            total += mine.cardinality();
        }
        assertThat(total).isEqualTo(PIECES);
        assertThat(union.cardinality()).isEqualTo(PIECES);
    }

    @Test
    void aRootCollectiveHasNoClassAndOnlyItsPiecesMove() {
        PieceClasses classes = new PieceClasses(PIECES, 1, 4);
        BitSet before = (BitSet) classes.own().clone();
        int[] classOf = new int[PIECES];
        for (int p = 0; p < PIECES; p++) {
            classOf[p] = classes.classOf(p);
        }

        classes.withoutRoots(clusters(0));

        for (int p = 0; p < PIECES; p++) {
            assertThat(classes.classOf(p)).isNotZero();
            if (classOf[p] != 0) {
                assertThat(classes.classOf(p)).as("piece %d", p).isEqualTo(classOf[p]);
            }
        }
        assertThat(classes.own()).matches(after -> {
            BitSet grown = (BitSet) after.clone();
            grown.and(before);
            return grown.equals(before) && after.cardinality() > before.cardinality();
        }, "a superset of the pieces it had");
    }

    @Test
    void theOnlyReceivingClusterOwnsEveryPiece() {
        PieceClasses classes = new PieceClasses(PIECES, 1, 2);
        classes.withoutRoots(clusters(0));
        assertThat(classes.own().cardinality()).isEqualTo(PIECES);
    }
}

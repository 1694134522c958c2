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

    /** The pieces a cluster is next for are exactly those it gets when their own cluster drops out. */
    @Test
    void aClusterIsNextForThePiecesItInheritsWhenTheirClusterDropsOut() {
        PieceClasses classes = new PieceClasses(PIECES, 1, 4);
        classes.withoutRoots(clusters(0));
        BitSet inherited = new BitSet();
        for (int gone = 2; gone <= 3; gone++) {
            PieceClasses without = new PieceClasses(PIECES, 1, 4);
            without.withoutRoots(clusters(0, gone));
            BitSet gained = (BitSet) without.own().clone();
            gained.andNot(classes.own());
            int dropped = gone;
            assertThat(gained.stream().allMatch(p -> classes.classOf(p) == dropped)).isTrue();
            inherited.or(gained);
        }
        assertThat(inherited.cardinality()).isBetween(PIECES / 6, PIECES / 2);
        assertThat(classes.next()).isEqualTo(inherited);
        assertThat(classes.next().intersects(classes.own())).isFalse();
    }

    @Test
    void theOnlyReceivingClusterOwnsEveryPiece() {
        PieceClasses classes = new PieceClasses(PIECES, 1, 2);
        classes.withoutRoots(clusters(0));
        assertThat(classes.own().cardinality()).isEqualTo(PIECES);
    }
}

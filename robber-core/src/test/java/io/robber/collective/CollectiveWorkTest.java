package io.robber.collective;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.sim.SimData;
import io.robber.testkit.StubEngineContext;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link CollectiveWork#takeFront}: what a victim hands over, the pieces asked for first ahead of the rest. */
class CollectiveWorkTest {
    private final StubEngineContext ctx = new StubEngineContext(SimData.clusters(2, 1), 0,
            SimData.manifest(32, 1024), List.of(1), new SplittableRandom(1));

    @Test
    void withNothingFirstTheFrontOfTheWorkGoes() {
        CollectiveWork work = new CollectiveWork(ctx, range(4, 12));

        assertThat(work.takeFront(3, new BitSet())).isEqualTo(pieces(4, 5, 6));
        assertThat(work.work()).isEqualTo(range(7, 12));
    }

    @Test
    void piecesAskedForFirstGoAheadOfTheFront() {
        CollectiveWork work = new CollectiveWork(ctx, range(4, 12));

        assertThat(work.takeFront(4, pieces(1, 7, 9, 20))).as("7 and 9, then the front; 1 and 20 are no work")
                .isEqualTo(pieces(4, 5, 7, 9));
        assertThat(work.work()).isEqualTo(pieces(6, 8, 10, 11));
    }

    @Test
    void moreOfThemThanAskedForGoFromTheirFront() {
        CollectiveWork work = new CollectiveWork(ctx, range(0, 16));

        assertThat(work.takeFront(2, pieces(3, 8, 13))).isEqualTo(pieces(3, 8));
        assertThat(work.work().cardinality()).isEqualTo(14);
        assertThat(work.work().get(13)).isTrue();
    }

    @Test
    void askingForMoreThanTheWorkTakesAllOfIt() {
        CollectiveWork work = new CollectiveWork(ctx, pieces(2, 5));

        assertThat(work.takeFront(10, pieces(5))).isEqualTo(pieces(2, 5));
        assertThat(work.unemployed()).isTrue();
    }

    private static BitSet range(int from, int to) {
        BitSet set = new BitSet();
        set.set(from, to);
        return set;
    }

    private static BitSet pieces(int... pieces) {
        BitSet set = new BitSet();
        for (int p : pieces) {
            set.set(p);
        }
        return set;
    }
}

package io.robber.collective;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.exchange.ExchangeTuning;
import io.robber.exchange.PieceExchange;
import io.robber.sim.SimData;
import io.robber.testkit.StubEngineContext;
import io.robber.wire.Message;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What a victim of {@link WorkStealing} hands over, at node 0 of cluster 0 (nodes 0–2) with local peers 1
 * and 2 and global peers 3 (cluster 1, the root collective) and 4 (cluster 2). Pieces are classed among
 * clusters 0 and 2.
 */
class WorkStealingTest {
    private static final int PIECES = 64;

    private final List<Message.Work> loot = new ArrayList<>();
    private final StubEngineContext ctx = new StubEngineContext(SimData.clusters(3, 1, 1), 0,
            SimData.manifest(PIECES, 1024), List.of(1, 2, 3, 4), new SplittableRandom(3)) {
        @Override
        public void send(int peer, Message message) {
            if (peer == 1 && message instanceof Message.Work w) {
                loot.add(w);
            }
        }
    };
    private final PieceClasses classes = new PieceClasses(PIECES, 0, 3);

    {
        BitSet root = new BitSet();
        root.set(1);
        classes.withoutRoots(root);
    }

    private BitSet stolenFromWorkOf(BitSet pieces, BitSet lootFirst) {
        CollectiveWork work = new CollectiveWork(ctx, pieces, true);
        PieceExchange exchange = new PieceExchange(ctx, work, ExchangeTuning.of(5), new BitSet());
        WorkStealing stealing = new WorkStealing(ctx, work, exchange, List.of(1, 2), List.of(3, 4), () -> { },
                employed -> { }, () -> { }, () -> lootFirst);
        stealing.onMessage(1, new Message.Steal(ctx.op()));
        assertThat(loot).hasSize(1);
        return loot.get(0).pieces();
    }

    @Test
    void theVictimHandsOverHalfItsWorkTheOwnClassFirst() {
        BitSet all = new BitSet();
        all.set(0, PIECES);
        BitSet own = classes.own();
        assertThat(own.cardinality()).as("about half the pieces are the cluster's class").isBetween(16, 48);

        BitSet stolen = stolenFromWorkOf(all, own);

        assertThat(stolen.cardinality()).isEqualTo(PIECES / 2);
        BitSet ownFirst = new BitSet();
        own.stream().limit(PIECES / 2).forEach(ownFirst::set);
        BitSet stolenOwn = (BitSet) stolen.clone();
        stolenOwn.and(own);
        assertThat(stolenOwn).as("as much of the own class as half the work holds")
                .isEqualTo(ownFirst);
        BitSet rest = (BitSet) stolen.clone();
        rest.andNot(own);
        BitSet front = new BitSet();
        BitSet others = (BitSet) all.clone();
        others.andNot(own);
        others.stream().limit(PIECES / 2 - ownFirst.cardinality()).forEach(front::set);
        assertThat(rest).as("and the front of the other classes").isEqualTo(front);
    }

    @Test
    void withoutClassesTheVictimHandsOverTheFrontOfItsWork() {
        BitSet work = new BitSet();
        work.set(10, 21);

        BitSet stolen = stolenFromWorkOf(work, new BitSet());

        BitSet front = new BitSet();
        front.set(10, 16);
        assertThat(stolen).as("⌈11/2⌉ = 6 pieces from the front").isEqualTo(front);
    }
}

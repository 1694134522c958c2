package io.robber.collective;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.exchange.ExchangeTuning;
import io.robber.exchange.PieceExchange;
import io.robber.sim.SimData;
import io.robber.testkit.StubEngineContext;
import io.robber.wire.Message;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * {@link OnlySourceFirst} for node 0 of cluster A, with local peer 1 and global peers 2 (cluster B)
 * and 3 (cluster C): peer 2 announced pieces 0–7, peer 3 pieces 0–3.
 */
class OnlySourceFirstTest {
    private static final int PIECES = 8;

    private final Group group = SimData.clusters(2, 1, 1);
    private final RandomGenerator random = new SplittableRandom(3);
    private final StubEngineContext ctx = new StubEngineContext(group, 0, SimData.manifest(PIECES, 1024), List.of(1, 2, 3),
            random);

    private final OnlySourceFirst selection = new OnlySourceFirst(random, List.of(2, 3), p -> p >= 2, group::clusterIndex, 0);
    /** Desires nothing, so the exchange requests nothing by itself while peers announce. */
    private final PieceExchange exchange = new PieceExchange(ctx, peer -> new BitSet(), ExchangeTuning.of(5),
            new BitSet());

    private static BitSet range(int from, int to) {
        BitSet set = new BitSet();
        set.set(from, to);
        return set;
    }

    private void announce() {
        exchange.onMessage(2, new Message.Bitfield(1, range(0, 8)));
        exchange.onMessage(3, new Message.Bitfield(1, range(0, 4)));
    }

    @Test
    void aGlobalPeerIsAskedFirstForWhatNoOtherGlobalPeerHolds() {
        announce();
        for (int i = 0; i < 50; i++) {
            assertThat(selection.pick(exchange, 2, range(0, 8), 8)).isBetween(4, 7);
        }
    }

    @Test
    void withoutSuchPiecesAnyCandidateWillDo() {
        announce();
        BitSet picked = new BitSet();
        for (int i = 0; i < 100; i++) {
            picked.set(selection.pick(exchange, 3, range(0, 4), 4));
            picked.set(selection.pick(exchange, 2, range(0, 4), 4));
        }
        assertThat(picked).isEqualTo(range(0, 4));
    }

    @Test
    void aLocalPeerIsAskedForAnyCandidate() {
        announce();
        BitSet picked = new BitSet();
        for (int i = 0; i < 200; i++) {
            picked.set(selection.pick(exchange, 1, range(0, 8), 8));
        }
        assertThat(picked).isEqualTo(range(0, 8));
    }

    /**
     * Peer 3 (cluster 2) delivers ten times faster than peer 2 (cluster 1): asked over the slow
     * connection, node 0 (cluster 0) requests the pieces of its own class among clusters 0 and 2 first,
     * and the fast peer is asked for any piece.
     */
    @Test
    void overASlowConnectionThisClustersClassComesFirst() {
        int pieces = 64;
        PieceExchange measured = new PieceExchange(ctx, peer -> null, ExchangeTuning.of(5), new BitSet());
        measured.onMessage(2, new Message.Bitfield(1, range(0, 1)));
        measured.onMessage(3, new Message.Bitfield(1, range(1, 2)));
        ctx.now = 10_000_000L;
        measured.onPieceReceived(3, 1);
        ctx.now = 100_000_000L;
        measured.onPieceReceived(2, 0);
        assertThat(measured.rate(3)).isGreaterThan(OnlySourceFirst.NEAR * measured.rate(2));

        BitSet ours = new BitSet();
        for (int i = 0; i < pieces; i++) {
            if (OnlySourceFirst.weight(i, 0) > OnlySourceFirst.weight(i, 2)) {
                ours.set(i);
            }
        }
        assertThat(ours.cardinality()).isBetween(pieces / 4, pieces * 3 / 4);
        BitSet fromSlow = new BitSet();
        BitSet fromFast = new BitSet();
        for (int i = 0; i < 300; i++) {
            fromSlow.set(selection.pick(measured, 2, range(0, pieces), pieces));
            fromFast.set(selection.pick(measured, 3, range(0, pieces), pieces));
        }
        BitSet onlyAtPeer2 = (BitSet) ours.clone();
        onlyAtPeer2.clear(1);
        assertThat(fromSlow).as("ours, less piece 1 that peer 3 holds").isEqualTo(onlyAtPeer2);
        assertThat(fromFast.cardinality()).isGreaterThan(ours.cardinality());
    }
}

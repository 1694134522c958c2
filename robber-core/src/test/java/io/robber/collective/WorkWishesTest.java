package io.robber.collective;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
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
 * {@link WorkWishes} for the own class, at node 0 of cluster 0 (nodes 0–2) with local peers 1 and 2 and
 * global peers 3 (cluster 1, the root collective) and 4 (cluster 2). Pieces are classed among clusters 0
 * and 2; peer 3 announces the pieces of cluster 0's class.
 */
class WorkWishesTest {
    private static final int PIECES = 64;
    private static final long INTERVAL = 100_000_000L;

    private final Group group = SimData.clusters(3, 1, 1);
    private final List<Object[]> sent = new ArrayList<>();
    private final StubEngineContext ctx = new StubEngineContext(group, 0, SimData.manifest(PIECES, 1024),
            List.of(1, 2, 3, 4), new SplittableRandom(5)) {
        @Override
        public void sendOwn(int peer, Object message) {
            sent.add(new Object[] {peer, message});
        }
    };
    private final PieceClasses classes = new PieceClasses(PIECES, 0, 3);

    {
        BitSet root = new BitSet();
        root.set(1);
        classes.withoutRoots(root);
    }

    private final BitSet own = classes.own();
    /** What the node would ask each global peer for of what it offers; everything unless a test says. */
    private WorkWishes.OfferFilter takable = (peer, offer) -> { };
    /** What the wishes added to the work (grants, and what was taken back). */
    private final BitSet employed = new BitSet();

    /** The node's work, the exchange over it and the wishes; peer 3 announces the own class. */
    private WorkWishes wishesWithWork(CollectiveWork work, PieceExchange exchange) {
        exchange.onMessage(3, new Message.Bitfield(1, (BitSet) own.clone()));
        exchange.onMessage(4, new Message.Bitfield(1, new BitSet()));
        return new WorkWishes(ctx, work, exchange, List.of(1, 2), List.of(3, 4), classes, 16, INTERVAL,
                employed::or, takable);
    }

    private BitSet wished(int peer) {
        return sent.stream().filter(m -> (int) m[0] == peer && m[1] instanceof RelayMessage.Wish)
                .map(m -> ((RelayMessage.Wish) m[1]).pieces()).findFirst().orElse(null);
    }

    /** Work of three pieces of the own class, all requested from peer 3, which holds the whole class. */
    private final BitSet threeOfTheClass = new BitSet();
    private PieceExchange exchange;

    private WorkWishes busyWithThreeOfTheClass() {
        own.stream().limit(3).forEach(threeOfTheClass::set);
        CollectiveWork work = new CollectiveWork(ctx, threeOfTheClass, true);
        exchange = new PieceExchange(ctx, work, ExchangeTuning.of(5), new BitSet());
        WorkWishes wishes = wishesWithWork(work, exchange);
        assertThat(exchange.outstanding(3).isEmpty()).as("peer 3 is busy with the work").isFalse();
        return wishes;
    }

    /** Peer 3 answers its first request after {@code nanos}: its rate is measured. */
    private void firstPieceAfter(long nanos) {
        ctx.now = nanos;
        exchange.onPieceReceived(3, exchange.outstanding(3).nextSetBit(0));
        assertThat(exchange.outstanding(3).isEmpty()).as("peer 3 is still busy").isFalse();
    }

    @Test
    void aBusyGlobalPeerIsToppedUpWithWhatItDeliversInAnInterval() {
        WorkWishes wishes = busyWithThreeOfTheClass();
        firstPieceAfter(10_000_000L);
        assertThat(exchange.piecesWithin(3, INTERVAL)).as("1 KiB per 10 ms").isEqualTo(10);

        wishes.maybeWish();
        BitSet wish = wished(1);
        assertThat(wish).as("what peer 3 delivers in an interval").isNotNull().isEqualTo(wished(2));
        assertThat(wish.cardinality()).isEqualTo(10);
        assertThat(isWithin(wish, beyond(threeOfTheClass))).as("what peer 3 holds, less the work").isTrue();
    }

    /**
     * A node wishes only for what it would ask the peer for (here: the even pieces), so that a grant
     * does not move work to a member whose slow connections would leave it there.
     */
    @Test
    void aNodeWishesOnlyForWhatItWouldAskThePeerFor() {
        BitSet even = new BitSet();
        for (int i = 0; i < PIECES; i += 2) {
            even.set(i);
        }
        takable = (peer, offer) -> offer.and(even);
        WorkWishes wishes = busyWithThreeOfTheClass();
        firstPieceAfter(10_000_000L);

        wishes.maybeWish();
        BitSet wish = wished(1);
        BitSet expected = beyond(threeOfTheClass);
        expected.and(even);
        assertThat(wish).isNotNull();
        assertThat(wish.cardinality()).isEqualTo(Math.min(10, expected.cardinality()));
        assertThat(isWithin(wish, expected)).as("even pieces peer 3 holds, less the work").isTrue();
    }

    @Test
    void aBusyPeerThatTakesLongerThanAnIntervalPerPieceIsNotToppedUp() {
        WorkWishes wishes = busyWithThreeOfTheClass();
        firstPieceAfter(300_000_000L);
        assertThat(exchange.piecesWithin(3, INTERVAL)).as("1 KiB per 300 ms").isZero();

        wishes.maybeWish();
        assertThat(sent).as("peer 4 holds nothing, peer 3 delivers less than a piece per interval").isEmpty();
    }

    @Test
    void aSlowPeerShortOfTheOwnClassMakesTheNodeWishForABatchOfIt() {
        WorkWishes wishes = busyWithThreeOfTheClass();
        wishes.shortOfOwnClassAt(3);
        wishes.maybeWish();
        BitSet wish = wished(1);
        assertThat(wish).isNotNull().isEqualTo(wished(2));
        BitSet expected = beyond(threeOfTheClass);
        assertThat(wish.cardinality()).as("16 of the class; no top-up for peer 3 before its rate is measured")
                .isEqualTo(Math.min(16, expected.cardinality()));
        assertThat(isWithin(wish, expected)).as("the own class peer 3 holds, less what the node asked for").isTrue();
    }

    @Test
    void whatAPeerWasGrantedIsTakenBackWhenItComesBackForItMayHaveRestartedWithoutIt() {
        CollectiveWork work = new CollectiveWork(ctx, allPieces(), true);
        exchange = new PieceExchange(ctx, work, ExchangeTuning.of(5), new BitSet());
        WorkWishes wishes = wishesWithWork(work, exchange);
        BitSet otherClass = allPieces();
        otherClass.andNot(own);
        BitSet wished = new BitSet();
        otherClass.stream().limit(4).forEach(wished::set);

        wishes.onMessage(1, new RelayMessage.Wish((BitSet) wished.clone()));
        assertThat(((RelayMessage.Grant) sent.get(0)[1]).pieces()).isEqualTo(wished);
        wishes.onMessage(1, new RelayMessage.Wish(new BitSet()));
        assertThat(employed.isEmpty()).as("acknowledged by the next wish: nothing taken back yet").isTrue();

        exchange.onPeerReconnected(1);
        wishes.onPeerReconnected(1);
        assertThat(employed).as("granted to peer 1, which came back").isEqualTo(wished);
        employed.clear();
        wishes.onPeerReconnected(1);
        assertThat(employed.isEmpty()).as("taken back once").isTrue();
    }

    private static BitSet allPieces() {
        BitSet all = new BitSet();
        all.set(0, PIECES);
        return all;
    }

    /** The own class (what peer 3 holds) less {@code work}. */
    private BitSet beyond(BitSet work) {
        BitSet expected = (BitSet) own.clone();
        expected.andNot(work);
        return expected;
    }

    private static boolean isWithin(BitSet pieces, BitSet set) {
        BitSet outside = (BitSet) pieces.clone();
        outside.andNot(set);
        return outside.isEmpty();
    }

    @Test
    void aGranterKeepsOfItsClassWhatItsGlobalPeersDeliverWithinASecond() {
        CollectiveWork work = new CollectiveWork(ctx, allPieces(), true);
        exchange = new PieceExchange(ctx, work, ExchangeTuning.of(5), new BitSet());
        WorkWishes wishes = wishesWithWork(work, exchange);
        int first = exchange.outstanding(3).nextSetBit(0);
        ctx.now = 100_000_000L;
        exchange.onPieceReceived(3, first);
        long deliveredInASecond = exchange.piecesWithin(3, WorkWishes.OWN_CLASS_KEPT_NANOS);
        assertThat(deliveredInASecond).as("1 KiB per 100 ms").isEqualTo(10);

        BitSet ownWork = (BitSet) work.work().clone();
        ownWork.and(own);
        BitSet otherWork = (BitSet) work.work().clone();
        otherWork.andNot(own);
        assertThat(ownWork.cardinality()).isGreaterThan(10);
        wishes.onMessage(1, new RelayMessage.Wish(allPieces()));

        BitSet granted = ((RelayMessage.Grant) sent.get(0)[1]).pieces();
        BitSet grantedOwn = (BitSet) granted.clone();
        grantedOwn.and(own);
        assertThat(grantedOwn.cardinality()).isEqualTo(ownWork.cardinality() - 10);
        BitSet grantedOther = (BitSet) granted.clone();
        grantedOther.andNot(own);
        assertThat(grantedOther).as("other classes are all handed over").isEqualTo(otherWork);
        BitSet kept = (BitSet) ownWork.clone();
        kept.andNot(granted);
        assertThat(work.work()).isEqualTo(kept);
    }
}

package io.robber.collective;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.engine.Timers;
import io.robber.exchange.ExchangeTuning;
import io.robber.exchange.PieceExchange;
import io.robber.sim.SimData;
import io.robber.testkit.StubEngineContext;
import io.robber.wire.Message;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * {@link OnlySourceFirst} for node 0 of cluster A, with local peer 1 and global peers 2 (cluster B)
 * and 3 (cluster C): peer 2 announced pieces 0–7, peer 3 pieces 0–3. Pieces are classed among A, B
 * and C.
 */
class OnlySourceFirstTest {
    private static final int PIECES = 8;
    private static final int WIDE = 64;

    private final Group group = SimData.clusters(2, 1, 1);
    private final RandomGenerator random = new SplittableRandom(3);
    private final StubEngineContext ctx = new StubEngineContext(group, 0, SimData.manifest(PIECES, 1024),
            List.of(1, 2, 3), random);

    private final PieceClasses classes = new PieceClasses(PIECES, 0, 3);
    private final OnlySourceFirst selection = new OnlySourceFirst(random, List.of(2, 3), p -> p >= 2,
            group::clusterIndex, 0, classes, peer -> { }, roundTrips(ctx, List.of(2, 3)), ctx::isDone, new Starvation(ctx.timers(), () -> { }));
    /** The slow global peers the wide selection asked for none of its class. */
    private final Set<Integer> shortOfOwnClass = new HashSet<>();
    /** The same node over 64 pieces, for the cases that look at classes. */
    private final PieceClasses wide = new PieceClasses(WIDE, 0, 3);
    private final OnlySourceFirst wideSelection = new OnlySourceFirst(random, List.of(2, 3), p -> p >= 2,
            group::clusterIndex, 0, wide, shortOfOwnClass::add, roundTrips(ctx, List.of(2, 3)), ctx::isDone, new Starvation(ctx.timers(), () -> { }));
    /** Desires nothing, so the exchange requests nothing by itself while peers announce. */
    private final PieceExchange exchange = new PieceExchange(ctx, peer -> new BitSet(), ExchangeTuning.of(5),
            new BitSet());

    /** An exchange desiring everything, where peer 2 announced all 64 pieces and peer 3 piece 0. */
    private PieceExchange peer2HoldsEverythingPeer3PieceZero() {
        PieceExchange announced = desiringEverything();
        announced.onMessage(2, new Message.Bitfield(1, range(0, WIDE)));
        announced.onMessage(3, new Message.Bitfield(1, range(0, 1)));
        return announced;
    }

    /** Node 0's round trips to other clusters, with local peer 1. */
    private static ClusterRoundTrips roundTrips(StubEngineContext at, List<Integer> globalPeers) {
        return new ClusterRoundTrips(at, List.of(1), globalPeers, 100_000_000L);
    }

    /** An exchange that desires every piece a peer announces. */
    private PieceExchange desiringEverything() {
        return new PieceExchange(ctx, peer -> null, ExchangeTuning.of(5), new BitSet());
    }

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
    void withoutSuchPiecesThisClustersClassComesFirstThenAnyCandidate() {
        announce();
        BitSet ours = classes.own().get(0, 4);
        BitSet picked = new BitSet();
        for (int i = 0; i < 100; i++) {
            picked.set(selection.pick(exchange, 3, range(0, 4), 4));
            picked.set(selection.pick(exchange, 2, range(0, 4), 4));
        }
        assertThat(picked).isEqualTo(ours.isEmpty() ? range(0, 4) : ours);

        BitSet others = range(0, 4);
        others.andNot(ours);
        BitSet fromOthers = new BitSet();
        for (int i = 0; i < 100 && !others.isEmpty(); i++) {
            fromOthers.set(selection.pick(exchange, 3, others, others.cardinality()));
        }
        assertThat(fromOthers).isEqualTo(others);
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
     * Among the pieces only the asked peer announced, node 0 requests those of its cluster's class
     * first while no cluster is near: the receiving clusters ask a shared source for different pieces.
     */
    @Test
    void amongPiecesOnlyTheAskedPeerHoldsThisClustersClassComesFirst() {
        int pieces = WIDE;
        PieceExchange announced = peer2HoldsEverythingPeer3PieceZero();

        BitSet ours = wide.own();
        assertThat(ours.cardinality()).isBetween(pieces / 6, pieces / 2);
        BitSet fromPeer2 = picks(announced, 2, range(0, pieces));
        BitSet onlyAtPeer2 = (BitSet) ours.clone();
        onlyAtPeer2.clear(0);
        assertThat(fromPeer2).as("ours, less piece 0 that peer 3 holds").isEqualTo(onlyAtPeer2);
    }

    /**
     * Cluster 1 is a root collective and its member, peer 2, holds pieces of other clusters' classes only
     * (it is still taking the data in from the root). While a request to peer 2 is outstanding, node 0
     * asks it for none of them; once peer 2 is done, or with nothing outstanding, for any of them.
     */
    @Test
    void aRootCollectivesMemberThatIsNotDoneIsAskedOnlyForThisClustersClassWhileARequestIsOutstanding() {
        BitSet roots = new BitSet();
        roots.set(1);
        wide.withoutRoots(roots);
        BitSet others = range(0, WIDE);
        others.andNot(wide.own());
        PieceExchange waiting = desiringEverything();
        waiting.onMessage(2, new Message.Bitfield(1, others));
        assertThat(waiting.outstanding(2).isEmpty()).as("the exchange asked peer 2 for some at once").isFalse();
        BitSet candidates = (BitSet) others.clone();
        candidates.andNot(waiting.pending());

        for (int i = 0; i < 50; i++) {
            assertThat(wideSelection.pick(waiting, 2, candidates, candidates.cardinality())).isEqualTo(-1);
        }

        PieceExchange idle = new PieceExchange(ctx, peer -> new BitSet(), ExchangeTuning.of(5), new BitSet());
        idle.onMessage(2, new Message.Bitfield(1, others));
        assertThat(idle.outstanding(2).isEmpty()).isTrue();
        assertThat(picks(idle, 2, candidates)).as("nothing outstanding: any of them").isEqualTo(candidates);

        ctx.done.set(2);
        assertThat(picks(waiting, 2, candidates)).as("peer 2 done: any of them").isEqualTo(candidates);
    }

    /**
     * Peer 3 (cluster 2) answers a request in a tenth of the time peer 2 (cluster 1) takes, so cluster 2
     * is near when peer 2 is asked. Over that slow connection node 0 (cluster 0) requests the pieces of
     * its class among all receiving clusters first, even one that peer 3 announced; without those (and
     * telling the wishes that peer 2 is short of them), the pieces of cluster 1's class that cluster 0 is
     * next for, and nothing else while requests are pending. With three clusters, cluster 1's pieces that
     * cluster 0 is next for are also those of the near split (their class among clusters 0 and 2 is 0);
     * the next test tells the two apart. The near peer is asked over a fast connection, for its class
     * among all receiving clusters that peer 2 does not hold.
     */
    @Test
    void overASlowConnectionTheOwnClassComesFirstThenTheAskedPeersClassThatThisClusterIsNextFor() {
        int pieces = WIDE;
        PieceExchange measured = desiringEverything();
        answerTheFirstRequests(measured, ctx);
        assertThat(measured.minRttNanos(3) * OnlySourceFirst.NEAR).isLessThanOrEqualTo(measured.minRttNanos(2));
        measured.onMessage(3, new Message.Bitfield(1, range(0, pieces / 2)));

        BitSet near = new BitSet();
        for (int i = 0; i < pieces; i++) {
            if (PieceClasses.weight(i, 0) > PieceClasses.weight(i, 2)) {
                near.set(i);
            }
        }
        assertThat(near.cardinality()).isBetween(pieces / 4, pieces * 3 / 4);
        assertThat(near).isNotEqualTo(wide.own());
        BitSet fromSlow = new BitSet();
        BitSet fromFast = new BitSet();
        for (int i = 0; i < 300; i++) {
            fromSlow.set(wideSelection.pick(measured, 2, range(0, pieces), pieces));
            fromFast.set(wideSelection.pick(measured, 3, range(0, pieces), pieces));
        }
        assertThat(fromSlow).as("ours among all three, peer 3's too").isEqualTo(wide.own());
        BitSet onlyAtPeer3 = wide.own().get(0, pieces);
        onlyAtPeer3.clear(0);
        assertThat(fromFast).as("ours among all three, less piece 0 that peer 2 holds").isEqualTo(onlyAtPeer3);

        assertThat(shortOfOwnClass).isEmpty();
        BitSet notOurs = range(0, pieces);
        notOurs.andNot(wide.own());
        BitSet nextOfPeer2 = classOfAmong(1, wide.next());
        assertThat(nextOfPeer2.isEmpty()).as("cluster 1's pieces that cluster 0 is next for").isFalse();
        assertThat(picks(measured, 2, notOurs)).as("cluster 1's class, our share of it").isEqualTo(nextOfPeer2);
        assertThat(shortOfOwnClass).containsExactly(2);

        notOurs.andNot(nextOfPeer2);
        assertThat(measured.pending().isEmpty()).isFalse();
        assertThat(wideSelection.pick(measured, 2, notOurs, notOurs.cardinality()))
                .as("nothing else while a request is pending: cluster 2 fetches the rest").isEqualTo(-1);
    }

    /**
     * As above with a fourth cluster (node 4, which announces nothing), so that the near clusters'
     * split differs from the next-cluster share, and with nothing pending (node 0 desires pieces 0 and 1
     * only, which it got): over the slow connection to peer 2, after the own class and cluster 1's pieces
     * that cluster 0 is next for, the pieces whose class among clusters 0 and 2 is 0 that only peer 2
     * holds; then, with the split taken out of the candidates, nothing: cluster 2's share is cluster
     * 2's to fetch, though nothing is pending here.
     */
    @Test
    void overASlowConnectionTheNearClustersSplitComesAfterTheNextClusterShare() {
        int pieces = WIDE;
        FourClusters node = fourClusters(new Starvation(new DueTimers(), () -> { }));
        PieceClasses classes4 = node.classes();
        OnlySourceFirst selection4 = node.selection();
        PieceExchange measured = node.measured();
        measured.onMessage(2, new Message.Bitfield(1, range(0, pieces)));
        measured.onMessage(3, new Message.Bitfield(1, range(0, pieces / 2)));

        BitSet candidates = range(0, pieces);
        candidates.andNot(classes4.own());
        classes4.next().stream().filter(i -> classes4.classOf(i) == 1).forEach(candidates::clear);
        BitSet expected = new BitSet();
        candidates.stream().filter(i -> i >= pieces / 2 && PieceClasses.weight(i, 0) > PieceClasses.weight(i, 2))
                .forEach(expected::set);
        assertThat(expected.isEmpty()).as("near-split pieces only peer 2 holds").isFalse();
        assertThat(measured.pending().isEmpty()).isTrue();
        BitSet picked = new BitSet();
        for (int i = 0; i < 300; i++) {
            picked.set(selection4.pick(measured, 2, candidates, candidates.cardinality()));
        }
        assertThat(picked).isEqualTo(expected);

        BitSet split = new BitSet();
        candidates.stream().filter(i -> PieceClasses.weight(i, 0) > PieceClasses.weight(i, 2)).forEach(split::set);
        candidates.andNot(split);
        assertThat(selection4.pick(measured, 2, candidates, candidates.cardinality()))
                .as("nothing of cluster 2's share, though nothing is pending: cluster 2 fetches it").isEqualTo(-1);
    }

    /**
     * What the wishes may ask for is what a pick can choose: of everything peer 2 offers over the slow
     * connection, the own class, cluster 1's pieces that cluster 0 is next for and the split with near
     * cluster 2, and of the rest a pick takes nothing; over the fast connection to peer 3, everything;
     * starving, everything.
     */
    @Test
    void ofAnOfferTheWishesKeepWhatAPickCanChoose() {
        int pieces = WIDE;
        DueTimers timers = new DueTimers();
        Starvation starvation = new Starvation(timers, () -> { });
        FourClusters node = fourClusters(starvation);
        PieceClasses classes4 = node.classes();
        OnlySourceFirst selection4 = node.selection();
        PieceExchange measured = node.measured();

        BitSet expected = (BitSet) classes4.own().clone();
        classes4.next().stream().filter(i -> classes4.classOf(i) == 1).forEach(expected::set);
        range(0, pieces).stream().filter(i -> PieceClasses.weight(i, 0) > PieceClasses.weight(i, 2))
                .forEach(expected::set);
        BitSet offer = range(0, pieces);
        selection4.keepTakable(measured, 2, offer);
        assertThat(offer).isEqualTo(expected).isNotEqualTo(range(0, pieces));

        BitSet rest = range(0, pieces);
        rest.andNot(offer);
        assertThat(measured.pending().isEmpty()).isTrue();
        assertThat(selection4.pick(measured, 2, rest, rest.cardinality())).as("nothing of the rest").isEqualTo(-1);

        BitSet fromFast = range(0, pieces);
        selection4.keepTakable(measured, 3, fromFast);
        assertThat(fromFast).as("a fast connection: everything").isEqualTo(range(0, pieces));

        starvation.update(true);
        timers.due.get(0).run();
        BitSet starving = range(0, pieces);
        selection4.keepTakable(measured, 2, starving);
        assertThat(starving).as("starving: everything").isEqualTo(range(0, pieces));
    }

    /**
     * Node 0 (cluster 0) has one global peer, 2 (cluster 1), 100 ms away, and none in cluster 2, which its
     * local peer 1 reported 10 ms away. Over the slow connection to peer 2 it splits the pieces with
     * cluster 2 as if it had measured that round trip itself, and leaves the rest to cluster 2.
     */
    @Test
    void aClusterNearOnlyByALocalPeersReportSplitsThePieces() {
        OneGlobalPeer node = oneGlobalPeer(4, WIDE);
        node.exchange().onMessage(2, new Message.Have(1, range(1, WIDE).stream().toArray()));
        assertThat(node.exchange().pending().isEmpty()).isFalse();

        BitSet candidates = node.beyondOwnClassAndNextShare();
        BitSet split = splitWith(candidates, 2);
        assertThat(split.isEmpty()).isFalse();
        assertThat(split).isNotEqualTo(candidates);
        assertThat(node.picks(candidates)).as("no near cluster known: any piece").isEqualTo(candidates);

        node.trips().onReport(new RelayMessage.RoundTrips(List.of(new RelayMessage.RoundTrip(2, 10_000_000L))));
        assertThat(node.picks(candidates)).as("cluster 2 near by the report: the split").isEqualTo(split);
        BitSet rest = candidates.get(0, WIDE);
        rest.andNot(split);
        assertThat(node.selection().pick(node.exchange(), 2, rest, rest.cardinality()))
                .as("none of cluster 2's share").isEqualTo(-1);
    }

    /**
     * As above, but node 0 has requested nothing for {@link Starvation#AFTER_NANOS}: it starves, and takes
     * any piece beyond the split, so that a piece of a near cluster's share still comes should that cluster never fetch
     * it (its members done, dead, or asking peers that lack it). A request of its own ends the starving.
     */
    @Test
    void aStarvingNodeTakesAnyPiece() {
        DueTimers timers = new DueTimers();
        List<Runnable> due = timers.due;
        Starvation starvation = new Starvation(timers, () -> { });
        OneGlobalPeer node = oneGlobalPeer(4, WIDE, starvation);
        node.exchange().onMessage(2, new Message.Have(1, range(1, WIDE).stream().toArray()));
        node.trips().onReport(new RelayMessage.RoundTrips(List.of(new RelayMessage.RoundTrip(2, 10_000_000L))));
        BitSet candidates = node.beyondOwnClassAndNextShare();
        BitSet rest = candidates.get(0, WIDE);
        rest.andNot(splitWith(candidates, 2));
        assertThat(node.selection().pick(node.exchange(), 2, rest, rest.cardinality()))
                .as("cluster 2 near: none of its share").isEqualTo(-1);

        starvation.update(true);
        starvation.update(true);
        assertThat(due).as("one look due").hasSize(1);
        assertThat(starvation.starving()).isFalse();
        due.get(0).run();
        assertThat(starvation.starving()).isTrue();
        assertThat(node.picks(rest)).as("starving: any piece").isEqualTo(rest);

        starvation.update(false);
        assertThat(node.selection().pick(node.exchange(), 2, rest, rest.cardinality()))
                .as("a request of its own: none of cluster 2's share again").isEqualTo(-1);
    }

    /**
     * A node that requests something before {@link Starvation#AFTER_NANOS} have passed does not starve:
     * the look due is cancelled.
     */
    @Test
    void aRequestBeforeTheDelayCancelsTheStarving() {
        DueTimers timers = new DueTimers();
        List<Runnable> due = timers.due;
        Starvation starvation = new Starvation(timers, () -> { });
        starvation.update(true);
        starvation.update(false);
        assertThat(due).isEmpty();
        assertThat(starvation.starving()).isFalse();
    }

    /**
     * As above with seven clusters: node 0's local peer reported clusters 6, 5, 4, 3 and 2 at 10, 11, 12,
     * 13 and 14 ms, all near beside peer 2's 100 ms. Node 0 splits the pieces with the three nearest
     * only, clusters 6, 5 and 4.
     */
    @Test
    void thePiecesAreSplitWithTheThreeNearestClustersOnly() {
        int pieces = 256;
        OneGlobalPeer node = oneGlobalPeer(7, pieces);
        List<RelayMessage.RoundTrip> reported = new ArrayList<>();
        for (int c = 6; c >= 2; c--) {
            reported.add(new RelayMessage.RoundTrip(c, (16 - c) * 1_000_000L));
        }
        node.trips().onReport(new RelayMessage.RoundTrips(reported));

        BitSet candidates = node.beyondOwnClassAndNextShare();
        BitSet amongNearest = splitWith(candidates, 4, 5, 6);
        assertThat(amongNearest).isNotEqualTo(splitWith(candidates, 2, 3, 4, 5, 6));
        assertThat(amongNearest).isNotEqualTo(splitWith(candidates, 2, 3, 4));
        assertThat(node.picks(candidates)).isEqualTo(amongNearest);
    }

    /**
     * Node 0 of cluster 0 (with local peer 1) in a group of {@code clusters} clusters, whose one global
     * peer, 2 (cluster 1), announced piece 0 and delivered it after 100 ms; the exchange desires everything.
     */
    private OneGlobalPeer oneGlobalPeer(int clusters, int pieces) {
        return oneGlobalPeer(clusters, pieces, null);
    }

    /** Timers whose tasks wait in {@link #due} until a test runs them; each is due after {@link Starvation#AFTER_NANOS}. */
    private static final class DueTimers implements Timers {
        final List<Runnable> due = new ArrayList<>();

        @Override
        public long nanoTime() {
            return 0;
        }

        @Override
        public Runnable schedule(long delayNanos, Runnable task) {
            assertThat(delayNanos).isEqualTo(Starvation.AFTER_NANOS);
            due.add(task);
            return () -> due.remove(task);
        }
    }

    /** As above, starving as {@code starvation} tells. */
    private OneGlobalPeer oneGlobalPeer(int clusters, int pieces, Starvation starvation) {
        int[] sizes = new int[clusters];
        Arrays.fill(sizes, 1);
        sizes[0] = 2;
        Group group = SimData.clusters(sizes);
        StubEngineContext at0 = new StubEngineContext(group, 0, SimData.manifest(pieces, 1024), List.of(1, 2),
                random);
        PieceClasses classes = new PieceClasses(pieces, 0, clusters);
        ClusterRoundTrips trips = roundTrips(at0, List.of(2));
        OnlySourceFirst selection = new OnlySourceFirst(random, List.of(2), p -> p >= 2, group::clusterIndex, 0,
                classes, peer -> { }, trips, at0::isDone,
                starvation != null ? starvation : new Starvation(at0.timers(), () -> { }));
        PieceExchange exchange = new PieceExchange(at0, peer -> null, ExchangeTuning.of(5), new BitSet());
        exchange.onMessage(2, new Message.Bitfield(1, range(0, 1)));
        at0.now = 100_000_000L;
        exchange.onPieceReceived(2, 0);
        return new OneGlobalPeer(pieces, selection, exchange, trips, classes);
    }

    private record OneGlobalPeer(int pieces, OnlySourceFirst selection, PieceExchange exchange,
                                 ClusterRoundTrips trips, PieceClasses classes) {
        /** Pieces 1 on, less the own class and cluster 1's pieces that cluster 0 is next for. */
        BitSet beyondOwnClassAndNextShare() {
            BitSet candidates = range(1, pieces);
            candidates.andNot(classes.own());
            classes.next().stream().filter(i -> classes.classOf(i) == 1).forEach(candidates::clear);
            return candidates;
        }

        /** What 300 picks from peer 2 among {@code candidates} choose. */
        BitSet picks(BitSet candidates) {
            BitSet picked = new BitSet();
            for (int i = 0; i < 300; i++) {
                picked.set(selection.pick(exchange, 2, candidates, candidates.cardinality()));
            }
            return picked;
        }
    }

    /** The candidates whose class among cluster 0 and {@code clusters} is cluster 0. */
    private static BitSet splitWith(BitSet candidates, int... clusters) {
        BitSet ours = new BitSet();
        candidates.stream().filter(i -> Arrays.stream(clusters)
                .allMatch(c -> PieceClasses.weight(i, 0) > PieceClasses.weight(i, c))).forEach(ours::set);
        return ours;
    }


    /**
     * Over a fast connection, among the pieces only the asked peer holds and after this cluster's
     * class, come those of the asked peer's cluster's class that this cluster is next for: the clusters
     * asking the holder of a class share it out, each piece to one of them.
     */
    @Test
    void theAskedPeersClassThatThisClusterIsNextForComesAfterTheOwnClass() {
        int pieces = WIDE;
        PieceExchange announced = peer2HoldsEverythingPeer3PieceZero();
        BitSet notOurs = range(1, pieces);
        notOurs.andNot(wide.own());

        BitSet nextOfPeer2 = classOfAmong(1, wide.next());
        nextOfPeer2.clear(0);
        BitSet otherNext = classOfAmong(2, wide.next());
        assertThat(nextOfPeer2.isEmpty()).isFalse();
        assertThat(otherNext.isEmpty()).as("cluster 2's pieces that cluster 0 is next for").isFalse();
        assertThat(picks(announced, 2, notOurs)).isEqualTo(nextOfPeer2);

        notOurs.andNot(nextOfPeer2);
        assertThat(picks(announced, 2, notOurs)).as("then any piece only peer 2 holds").isEqualTo(notOurs);
        assertThat(shortOfOwnClass).as("a fast connection is never short of the own class").isEmpty();
    }

    /** Node 0 of four clusters over {@link #WIDE} pieces, desiring pieces 0 and 1, which it got. */
    private record FourClusters(PieceClasses classes, OnlySourceFirst selection, PieceExchange measured) {
    }

    /** Peer 2 (cluster 1) answered after 100 ms, peer 3 (cluster 2) after 10 ms; peer 4 (cluster 3) nothing. */
    private FourClusters fourClusters(Starvation starvation) {
        Group four = SimData.clusters(2, 1, 1, 1);
        StubEngineContext at0 = new StubEngineContext(four, 0, SimData.manifest(WIDE, 1024), List.of(1, 2, 3, 4),
                random);
        PieceClasses classes4 = new PieceClasses(WIDE, 0, 4);
        OnlySourceFirst selection4 = new OnlySourceFirst(random, List.of(2, 3, 4), p -> p >= 2, four::clusterIndex,
                0, classes4, peer -> { }, roundTrips(at0, List.of(2, 3, 4)), at0::isDone, starvation);
        PieceExchange measured = new PieceExchange(at0, peer -> range(0, 2), ExchangeTuning.of(5), new BitSet());
        answerTheFirstRequests(measured, at0);
        return new FourClusters(classes4, selection4, measured);
    }

    /**
     * Peers 2 and 3 announce pieces 0 and 1, which the exchange requests at once; peer 3 answers after
     * 10 ms, peer 2 after 100 ms.
     */
    private static void answerTheFirstRequests(PieceExchange exchange, StubEngineContext at) {
        exchange.onMessage(2, new Message.Bitfield(1, range(0, 1)));
        exchange.onMessage(3, new Message.Bitfield(1, range(1, 2)));
        at.now = 10_000_000L;
        exchange.onPieceReceived(3, 1);
        at.now = 100_000_000L;
        exchange.onPieceReceived(2, 0);
    }

    /** The pieces of {@code set} in {@code cluster}'s class. */
    private BitSet classOfAmong(int cluster, BitSet set) {
        BitSet in = new BitSet();
        set.stream().filter(i -> wide.classOf(i) == cluster).forEach(in::set);
        return in;
    }

    /** What 300 picks from {@code peer} among {@code candidates} choose. */
    private BitSet picks(PieceExchange exchange, int peer, BitSet candidates) {
        BitSet picked = new BitSet();
        for (int i = 0; i < 300; i++) {
            picked.set(wideSelection.pick(exchange, peer, candidates, candidates.cardinality()));
        }
        return picked;
    }
}

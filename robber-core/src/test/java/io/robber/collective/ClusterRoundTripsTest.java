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
 * {@link ClusterRoundTrips} at node 0 of cluster 0 (nodes 0 and 1), with local peer 1 and global peers
 * 2 (cluster 1) and 3 (cluster 2); node 4 (cluster 3) is no peer of node 0.
 */
class ClusterRoundTripsTest {
    private static final long MS = 1_000_000L;
    private static final long INTERVAL = 100 * MS;

    private final Group group = SimData.clusters(2, 1, 1, 1);
    private final List<Object[]> sent = new ArrayList<>();
    private final StubEngineContext ctx = new StubEngineContext(group, 0, SimData.manifest(16, 1024),
            List.of(1, 2, 3), new SplittableRandom(7)) {
        @Override
        public void sendOwn(int peer, Object message) {
            sent.add(new Object[] {peer, message});
        }
    };
    /** Desires every piece a peer announces, so that an announcement is a request. */
    private final PieceExchange exchange = new PieceExchange(ctx, peer -> null, ExchangeTuning.of(5), new BitSet());
    private final ClusterRoundTrips roundTrips = new ClusterRoundTrips(ctx, List.of(1), List.of(2, 3), INTERVAL);

    /** {@code peer} announces {@code piece} now and delivers it {@code rtt} later. */
    private void answers(int peer, int piece, long rtt) {
        exchange.onMessage(peer, new Message.Have(1, piece));
        ctx.now += rtt;
        exchange.onPieceReceived(peer, piece);
    }

    /** Round trips to clusters 1 and 2 of 100 and 10 ms; the clock at 110 ms. */
    private void measured() {
        answers(2, 0, 100 * MS);
        answers(3, 1, 10 * MS);
    }

    private static RelayMessage.RoundTrips report(long... clusterAndMillis) {
        List<RelayMessage.RoundTrip> trips = new ArrayList<>();
        for (int i = 0; i < clusterAndMillis.length; i += 2) {
            trips.add(new RelayMessage.RoundTrip((int) clusterAndMillis[i], clusterAndMillis[i + 1] * MS));
        }
        return new RelayMessage.RoundTrips(trips);
    }

    /** What went to {@code peer} since the last call, and forgets all that was sent. */
    private List<Object> sentTo(int peer) {
        List<Object> to = sent.stream().filter(m -> (int) m[0] == peer).map(m -> m[1]).toList();
        sent.clear();
        return to;
    }

    @Test
    void aNodeReportsItsOwnRoundTripsToItsLocalPeersAtMostOnceAnIntervalAndAgainWhenMuchShorter() {
        roundTrips.maybeReport(exchange);
        assertThat(sent).as("nothing measured yet").isEmpty();

        measured();
        roundTrips.maybeReport(exchange);
        assertThat(sentTo(1)).containsExactly(report(1, 100, 2, 10));
        assertThat(sent).as("to local peers only").isEmpty();

        answers(2, 2, 50 * MS);
        roundTrips.maybeReport(exchange);
        assertThat(sentTo(1)).as("within the interval").isEmpty();

        ctx.now += INTERVAL;
        roundTrips.maybeReport(exchange);
        assertThat(sentTo(1)).as("cluster 1 is half as far now").containsExactly(report(1, 50));

        answers(2, 3, 45 * MS);
        ctx.now += INTERVAL;
        roundTrips.maybeReport(exchange);
        assertThat(sentTo(1)).as("45 ms is not shorter than 80 % of 50").isEmpty();
    }

    @Test
    void aClusterWithoutAGlobalPeerOfThisNodeTakesTheRoundTripALocalPeerReported() {
        measured();
        roundTrips.measure(exchange);
        assertThat(roundTrips.shortest(3)).isEqualTo(Long.MAX_VALUE);

        assertThat(roundTrips.onReport(report(2, 5, 3, 12))).isTrue();
        roundTrips.measure(exchange);
        assertThat(roundTrips.shortest(3)).as("reported").isEqualTo(12 * MS);
        assertThat(roundTrips.shortest(2)).as("this node's own, though a local peer reported a shorter one")
                .isEqualTo(10 * MS);
        assertThat(roundTrips.shortest(1)).isEqualTo(100 * MS);
        assertThat(roundTrips.knownClusters()).isEqualTo(bits(1, 2, 3));

        roundTrips.maybeReport(exchange);
        assertThat(sentTo(1)).as("what it knows, its own or reported, spreads on")
                .containsExactly(report(1, 100, 2, 5, 3, 12));
    }

    @Test
    void aReportNamingAClusterTheGroupLacksIsRefusedWhole() {
        assertThat(roundTrips.onReport(report(3, 12, 4, 1))).isFalse();
        assertThat(roundTrips.knownClusters().isEmpty()).isTrue();
        assertThat(roundTrips.shortest(3)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aLocalPeerThatComesBackGetsWhatWasReported() {
        measured();
        roundTrips.maybeReport(exchange);
        sent.clear();

        roundTrips.onPeerReconnected(2);
        assertThat(sent).as("a global peer gets no report").isEmpty();
        roundTrips.onPeerReconnected(1);
        assertThat(sentTo(1)).containsExactly(report(1, 100, 2, 10));
    }

    private static BitSet bits(int... indices) {
        BitSet bits = new BitSet();
        for (int i : indices) {
            bits.set(i);
        }
        return bits;
    }
}

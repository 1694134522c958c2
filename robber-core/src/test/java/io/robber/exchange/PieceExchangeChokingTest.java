package io.robber.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.engine.EngineContext;
import io.robber.sim.SimData;
import io.robber.testkit.StubEngineContext;
import io.robber.wire.Message;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The exchange's choking mode, against a recording context: node 0 with neighbours 1 and 2. */
class PieceExchangeChokingTest {
    private static final int PIECES = 16;
    private static final ExchangeOptions CHOKING = new ExchangeOptions(null, true, false);

    private record Sent(int peer, Object what) {
    }

    private final List<Sent> sent = new ArrayList<>();

    private final EngineContext ctx = new StubEngineContext(SimData.clusters(3), 0, SimData.manifest(PIECES, 1024),
            List.of(1, 2), new SplittableRandom(1)) {
        @Override
        public void send(int peer, Message message) {
            sent.add(new Sent(peer, message));
        }

        @Override
        public void sendOwn(int peer, Object message) {
            sent.add(new Sent(peer, message));
        }

        @Override
        public void sendPiece(int peer, int piece) {
            sent.add(new Sent(peer, "piece " + piece));
        }

        @Override
        public void pushPiece(int peer, int piece) {
            throw new AssertionError("the piece exchange only answers requests");
        }
    };

    private static final ExchangePolicy EVERYTHING = peer -> null;

    @Test
    void aPeerThatChokesUsGetsNoRequestsAndItsOutstandingOnesAreWantedAgain() {
        PieceExchange exchange = new PieceExchange(ctx, EVERYTHING, ExchangeTuning.of(5), new BitSet(), CHOKING);
        exchange.onMessage(1, new Message.Bitfield(1, all()));

        assertThat(requestsTo(1)).as("requests to a peer that has not unchoked us").isZero();
        assertThat(sent).contains(new Sent(1, new Message.Interest(1, true)));

        exchange.onMessage(1, new Message.Choke(1, false));
        assertThat(requestsTo(1)).isEqualTo(5);
        assertThat(exchange.pending().cardinality()).isEqualTo(5);

        sent.clear();
        exchange.onMessage(1, new Message.Choke(1, true));
        assertThat(exchange.pending().cardinality()).as("pending after the choke").isZero();
        exchange.onMessage(1, new Message.Have(1, 3));
        assertThat(requestsTo(1)).isZero();

        exchange.onMessage(2, new Message.Bitfield(1, all()));
        exchange.onMessage(2, new Message.Choke(1, false));
        assertThat(requestsTo(2)).as("the abandoned pieces go to the peer that unchoked us").isEqualTo(5);
        assertThat(requestsTo(1)).isZero();
    }

    @Test
    void interestFollowsWhatThePeerAnnouncedAndWeStillWant() {
        PieceExchange exchange = new PieceExchange(ctx, EVERYTHING, ExchangeTuning.of(5), new BitSet(), CHOKING);
        exchange.onMessage(1, new Message.Have(1, 4));
        exchange.onMessage(1, new Message.Choke(1, false));
        exchange.onPieceReceived(1, 4);

        assertThat(sent.stream().map(Sent::what).filter(m -> m instanceof Message.Interest))
                .containsExactly(new Message.Interest(1, true), new Message.Interest(1, false));
    }

    @Test
    void requestsFromAPeerWeChokeAreDropped() {
        PieceExchange exchange = new PieceExchange(ctx, EVERYTHING, ExchangeTuning.of(5), all(), CHOKING);
        exchange.onMessage(1, new Message.Request(1, 2));
        assertThat(sent).isEmpty();

        exchange.choke(1, false);
        exchange.onMessage(1, new Message.Request(1, 2));
        exchange.choke(1, true);
        exchange.onMessage(1, new Message.Request(1, 3));

        assertThat(sent).containsExactly(new Sent(1, new Message.Choke(1, false)), new Sent(1, "piece 2"),
                new Sent(1, new Message.Choke(1, true)));
    }

    @Test
    void withoutChokingNothingOfItIsSent() {
        PieceExchange exchange = new PieceExchange(ctx, EVERYTHING, ExchangeTuning.of(5), new BitSet(), ExchangeOptions.PAPER);
        exchange.onMessage(1, new Message.Bitfield(1, all()));
        exchange.choke(1, true);

        assertThat(requestsTo(1)).isEqualTo(5);
        assertThat(sent).allMatch(s -> s.what() instanceof Message.Request);
        assertThat(exchange.onMessage(1, new Message.Choke(1, true))).as("a choke is not an exchange message here")
                .isFalse();
    }

    private long requestsTo(int peer) {
        return sent.stream().filter(s -> s.peer() == peer && s.what() instanceof Message.Request).count();
    }

    private static BitSet all() {
        BitSet all = new BitSet();
        all.set(0, PIECES);
        return all;
    }
}

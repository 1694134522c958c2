package io.robber.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.PlacementException;
import io.robber.api.ProtocolException;
import io.robber.api.ProtocolOptions;
import io.robber.collective.RootCollectives;
import io.robber.robber.RobberProtocol;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The group-wide floods of an {@link Operation} — possessions and done members — travel in batches:
 * at most one message per neighbour per interval, each member named once per link, and yet the
 * possession check still fails fast, done detection stays exact and a reconnected neighbour hears
 * everything again.
 */
class GroupFloodsTest {
    private static final int PIECES = 8;
    private static final Manifest MANIFEST = SimData.manifest(PIECES, 1024);
    /** Two clusters of three; member 0 is connected to 1, 2 and 3. */
    private static final Group GROUP = SimData.clusters(3, 3);

    private final FakeIo io = new FakeIo();
    private final Outcome outcome = new Outcome();

    @Test
    void possessionsLearntWithinAnIntervalLeaveInOneMessagePerNeighbourNotBackToTheirSender() {
        Operation op = operation();
        op.start(new BitSet());
        assertThat(io.sent).hasSize(3);
        assertThat(io.sent).allSatisfy(s -> assertThat(((Message.Possession) s.message()).empty()).isEqualTo(bits(0)));
        io.sent.clear();

        op.onMessage(1, possession(bits(1, 4), List.of()));
        op.onMessage(2, possession(new BitSet(), List.of(new Message.Possession.Held(5, MANIFEST.allPieces()))));
        assertThat(io.sent).isEmpty();

        io.advance(PossessionFlood.INTERVAL_NANOS);
        assertThat(io.sent).hasSize(3);
        assertThat(members(io.to(1))).isEqualTo(bits(5));
        assertThat(members(io.to(2))).isEqualTo(bits(1, 4));
        // 5 is a neighbour of 3 and tells it itself (FloodOrigins): 3 hears only of 1 and 4 from here.
        assertThat(members(io.to(3))).isEqualTo(bits(1, 4));
        Message.Possession toOne = (Message.Possession) io.to(1).get(0);
        assertThat(toOne.empty()).isEqualTo(new BitSet());
        assertThat(toOne.held()).containsExactly(new Message.Possession.Held(5, MANIFEST.allPieces()));
    }

    @Test
    void aPossessionOfAnotherDataSetFailsFastNamingItsSender() {
        Operation op = operation();
        op.start(new BitSet());
        byte[] other = MANIFEST.rootDigest();
        other[0] ^= 1;
        op.onMessage(2, new Message.Possession(0, other, bits(2), List.of()));

        assertThat(outcome.failure).isInstanceOf(ProtocolException.class);
        assertThat(outcome.failure.getMessage()).contains("member " + GROUP.member(2).id() + " multicasts data set")
                .contains("every member must pass the same manifest");
    }

    @Test
    void thePreconditionFailsOnceEveryPossessionIsKnownAndNotBefore() {
        Operation op = operation();
        op.start(new BitSet());
        op.onMessage(1, possession(bits(1, 4), List.of()));
        op.onMessage(2, possession(bits(2), List.of()));
        assertThat(outcome.failure).isNull();
        op.onMessage(3, possession(bits(3, 5), List.of()));

        assertThat(outcome.failure).isInstanceOf(PlacementException.class);
        assertThat(outcome.failure.getMessage()).contains("no root collective");
    }

    @Test
    void doneMembersTravelAsDeltasAndGlobalCompletionWaitsForEveryOne() {
        Operation op = operation();
        op.start(MANIFEST.allPieces());
        assertThat(outcome.localComplete).isTrue();
        assertThat(io.of(MessageType.DONE)).hasSize(3).allSatisfy(m -> assertThat(((Message.Done) m).members())
                .isEqualTo(bits(0)));
        io.sent.clear();

        op.onMessage(1, new Message.Done(0, bits(1)));
        op.onMessage(3, new Message.Done(0, bits(3, 4)));
        assertThat(outcome.globalComplete).isFalse();
        assertThat(io.sent).isEmpty();
        io.advance(DoneFlood.INTERVAL_NANOS);
        // Nobody hears about itself or about its own neighbours from here: 4 tells 1 itself.
        assertThat(((Message.Done) io.to(1).get(0)).members()).isEqualTo(bits(3));
        assertThat(((Message.Done) io.to(2).get(0)).members()).isEqualTo(bits(1, 3, 4));
        assertThat(((Message.Done) io.to(3).get(0)).members()).isEqualTo(bits(1));

        op.onMessage(2, new Message.Done(0, bits(2)));
        assertThat(outcome.globalComplete).isFalse();
        op.onMessage(2, new Message.Done(0, bits(5)));
        assertThat(outcome.globalComplete).isTrue();
    }

    @Test
    void aMemberThatLeavesPassesOnAtOnceTheDoneMembersWaitingForTheInterval() {
        Operation op = operation();
        op.start(MANIFEST.allPieces());
        io.sent.clear();
        op.onMessage(1, new Message.Done(0, bits(1)));
        op.onMessage(3, new Message.Done(0, bits(3, 4)));
        op.onMessage(2, new Message.Done(0, bits(2, 5)));
        assertThat(outcome.globalComplete).isTrue();
        assertThat(io.sent).as("within the interval of the first batch").isEmpty();

        op.leave("the channel closes");

        assertThat(outcome.failure).isNull();
        assertThat(((Message.Done) io.to(1).get(0)).members()).isEqualTo(bits(2, 3, 5));
        assertThat(((Message.Done) io.to(2).get(0)).members()).isEqualTo(bits(1, 3, 4));
        assertThat(((Message.Done) io.to(3).get(0)).members()).isEqualTo(bits(1, 2));
        io.sent.clear();
        io.advance(DoneFlood.INTERVAL_NANOS);
        assertThat(io.sent).isEmpty();
    }

    @Test
    void anUnfinishedMemberThatLeavesTellsTheGroupNotToWaitForIt() {
        Operation op = operation();
        op.start(new BitSet());
        io.sent.clear();

        op.leave("the channel closes");

        assertThat(outcome.failure).hasMessage("the channel closes");
        assertThat(io.of(MessageType.DEAD)).isNotEmpty();
    }

    @Test
    void aReconnectedNeighbourHearsEveryPossessionAndDoneMemberAgainInOneMessageEach() {
        Operation op = operation();
        op.start(MANIFEST.allPieces());
        op.onMessage(1, possession(bits(1), List.of()));
        op.onMessage(2, possession(bits(2), List.of()));
        op.onMessage(2, new Message.Done(0, bits(2)));
        io.advance(DoneFlood.INTERVAL_NANOS);
        io.sent.clear();

        op.onPeerLost(3);
        op.onPeerReconnected(3);

        assertThat(io.to(3)).hasSize(2);
        Message.Possession p = (Message.Possession) io.of(MessageType.POSSESSION).get(0);
        assertThat(p.empty()).isEqualTo(bits(1, 2));
        assertThat(p.held()).containsExactly(new Message.Possession.Held(0, MANIFEST.allPieces()));
        assertThat(((Message.Done) io.of(MessageType.DONE).get(0)).members()).isEqualTo(bits(0, 2));
    }

    @Test
    void floodsCostEachLinkAFewMessagesWhateverTheGroupSize() {
        double small = floodMessagesPerLink(4, 8);
        double large = floodMessagesPerLink(16, 8);

        // A flood of single possessions and whole done sets sends each link about two messages per
        // member: 64 and 256 here. In batches the count hardly grows with the group (7.1 and 8.1).
        assertThat(small).isLessThan(16);
        assertThat(large).isLessThan(16).isLessThan(1.5 * small);
    }

    /** Possession and done messages per directed link when every member starts with everything. */
    private static double floodMessagesPerLink(int clusters, int perCluster) {
        int[] sizes = new int[clusters];
        Arrays.fill(sizes, perCluster);
        Group group = SimData.clusters(sizes);
        SimResult r = SimNetwork.builder(group, new RobberProtocol())
                .options(ProtocolOptions.defaults(3))
                .pieces(PIECES, 1024)
                .possession(m -> MANIFEST.allPieces())
                .run()
                .assertAllComplete();
        long links = IntStream.range(0, group.size()).mapToLong(m -> r.graph().neighbours(m).size()).sum();
        return (double) (r.messages(MessageType.POSSESSION) + r.messages(MessageType.DONE)) / links;
    }

    private Operation operation() {
        PeerGraph graph = new PeerGraph.Builder(GROUP.size()).connect(0, 1).connect(0, 2).connect(0, 3)
                .connect(1, 4).connect(3, 5).build();
        ProtocolPlan plan = new ProtocolPlan() {
            @Override
            public Record options() {
                return new Options();
            }

            @Override
            public PeerGraph graph() {
                return graph;
            }

            @Override
            public Optional<String> checkPossession(List<BitSet> possessions, int pieceCount) {
                return RootCollectives.check(GROUP, possessions, pieceCount);
            }

            @Override
            public ProtocolEngine newEngine(EngineContext context, BitSet possession) {
                return new IdleEngine();
            }
        };
        return new Operation(0, GROUP, 0, MANIFEST, plan, Duration.ofSeconds(30), io, outcome,
                new SplittableRandom(1));
    }

    private static Message.Possession possession(BitSet empty, List<Message.Possession.Held> held) {
        return new Message.Possession(0, MANIFEST.rootDigest(), empty, held);
    }

    private static BitSet members(List<Message> messages) {
        BitSet members = new BitSet();
        messages.forEach(m -> members.or(((Message.Possession) m).members()));
        return members;
    }

    private static BitSet bits(int... members) {
        BitSet set = new BitSet();
        Arrays.stream(members).forEach(set::set);
        return set;
    }

    private record Options() {
    }

    private record Sent(int peer, Message message) {
    }

    /** Records what is sent; its timers run when the test advances its clock. */
    private static final class FakeIo implements NodeIo, Timers {
        final List<Sent> sent = new ArrayList<>();
        private final List<long[]> due = new ArrayList<>();
        private final List<Runnable> tasks = new ArrayList<>();
        private long now;

        void advance(long nanos) {
            now += nanos;
            for (int i = 0; i < tasks.size(); i++) {
                if (due.get(i)[0] <= now) {
                    due.get(i)[0] = Long.MAX_VALUE;
                    tasks.get(i).run();
                }
            }
        }

        List<Message> to(int peer) {
            return sent.stream().filter(s -> s.peer() == peer).map(Sent::message).toList();
        }

        List<Message> of(MessageType type) {
            return sent.stream().map(Sent::message).filter(m -> m.type() == type).toList();
        }

        @Override
        public void send(int peer, Message message) {
            sent.add(new Sent(peer, message));
        }

        @Override
        public void send(int peer, Message message, Runnable left) {
            send(peer, message);
            left.run();
        }

        @Override
        public void sendPiece(int peer, int op, int piece, boolean requested) {
            throw new AssertionError("no pieces in this test");
        }

        @Override
        public void disconnect(int peer, String reason) {
            throw new AssertionError("disconnected " + peer + ": " + reason);
        }

        @Override
        public Timers timers() {
            return this;
        }

        @Override
        public ProtocolMetrics metrics() {
            return new ProtocolMetrics() {
            };
        }

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public Runnable schedule(long delayNanos, Runnable task) {
            long[] at = {now + delayNanos};
            due.add(at);
            tasks.add(task);
            return () -> at[0] = Long.MAX_VALUE;
        }
    }

    private static final class Outcome implements OperationListener {
        boolean localComplete;
        boolean globalComplete;
        ProtocolException failure;

        @Override
        public void localComplete() {
            localComplete = true;
        }

        @Override
        public void globalComplete() {
            globalComplete = true;
        }

        @Override
        public void failed(ProtocolException e) {
            failure = failure == null ? e : failure;
        }
    }

    private static final class IdleEngine implements ProtocolEngine {
        @Override
        public void start() {
        }

        @Override
        public void onMessage(int peer, Message message) {
        }

        @Override
        public void onPieceReceived(int peer, int piece) {
        }

        @Override
        public void onPieceRejected(int peer, int piece) {
        }

        @Override
        public void onPeerLost(int peer) {
        }

        @Override
        public void onPeerReconnected(int peer) {
        }
    }
}

package io.robber.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.Group;
import io.robber.engine.EngineContext;
import io.robber.engine.PeerGraph;
import io.robber.engine.Protocol;
import io.robber.engine.ProtocolEngine;
import io.robber.engine.ProtocolPlan;
import io.robber.api.ProtocolOptions;
import io.robber.robber.RobberProtocol;
import io.robber.wire.Message;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The simulator itself: deadlock and livelock detection, accounting, determinism. */
class SimNetworkTest {

    @Test
    void reportsADeadlockListingTheUnfinishedNodes() {
        Group group = SimData.clusters(3);
        SimNetwork sim = SimNetwork.builder(group, new StubProtocol(false))
                .pieces(4, 1024)
                .possession(SimData.roots(4, 0))
                .build();

        assertThatThrownBy(sim::run)
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("deadlock")
                .hasMessageContaining("3 of 3 nodes unfinished")
                .hasMessageContaining("c0n0 (cluster c0): holds 4/4, locally complete true, waits for done of [c0n1, c0n2]")
                .hasMessageContaining("c0n1 (cluster c0): holds 0/4")
                .hasMessageContaining("c0n2 (cluster c0): holds 0/4");
    }

    @Test
    void stopsAnEndlessRunAtItsBound() {
        Group group = SimData.clusters(2);
        SimNetwork sim = SimNetwork.builder(group, new StubProtocol(true))
                .pieces(4, 1024)
                .possession(SimData.roots(4, 0))
                .maxEvents(10_000)
                .build();

        assertThatThrownBy(sim::run)
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("exceeded its bound")
                .hasMessageContaining("livelock");
    }

    @Test
    void accountsPiecesAndTimeOnTheLinkModel() {
        Group group = SimData.clusters(1, 1);
        // 1 MB/s everywhere, 1 ms latency: a 1000-byte piece takes about 1 ms on the wire plus 1 ms.
        LinkModel links = LinkModel.clustered(group, 1e6, 1_000_000, 1e6, 1_000_000);
        SimResult result = SimNetwork.builder(group, new RobberProtocol())
                .pieces(10, 1000)
                .possession(SimData.roots(10, 0))
                .links(links)
                .run()
                .assertAllComplete();

        assertThat(result.node(1).piecesFromGlobal()).isEqualTo(10);
        assertThat(result.node(1).pieceBytesFromGlobal()).isEqualTo(10_000);
        assertThat(result.node(1).piecesFromLocal()).isZero();
        assertThat(result.node(1).requestsToGlobal()).isEqualTo(10);
        assertThat(result.node(0).piecesSent()).isEqualTo(10);
        // At least the serialisation of 10 pieces plus one round trip.
        assertThat(result.completionTime()).isGreaterThan(10 * 1_000_000L + 2_000_000L);
        assertThat(result.node(0).localCompleteAt()).isZero();
    }

    @Test
    void sameSeedsGiveTheSameRun() {
        Group group = SimData.clusters(3, 4, 2);
        SimResult a = run(group, 5);
        SimResult b = run(group, 5);

        assertThat(b.events()).isEqualTo(a.events());
        assertThat(b.completionTime()).isEqualTo(a.completionTime());
        for (int m = 0; m < group.size(); m++) {
            assertThat(b.node(m).toString()).isEqualTo(a.node(m).toString());
        }
    }

    private static SimResult run(Group group, long seed) {
        return SimNetwork.builder(group, new RobberProtocol())
                .options(ProtocolOptions.defaults(seed))
                .pieces(50, 4096)
                .possession(SimData.roots(50, 0))
                .seed(seed)
                .run()
                .assertAllComplete();
    }

    /** A protocol over a complete graph whose engine does nothing, or chats forever. */
    private record StubProtocol(boolean chatty) implements Protocol {
        @Override
        public String name() {
            return "stub";
        }

        @Override
        public ProtocolPlan plan(Group group, ProtocolOptions options) {
            PeerGraph.Builder b = new PeerGraph.Builder(group.size());
            for (int i = 0; i < group.size(); i++) {
                for (int j = i + 1; j < group.size(); j++) {
                    b.connect(i, j);
                }
            }
            PeerGraph graph = b.build();
            return new ProtocolPlan() {
                @Override
                public Record options() {
                    return StubProtocol.this;
                }

                @Override
                public PeerGraph graph() {
                    return graph;
                }

                @Override
                public Optional<String> checkPossession(List<BitSet> possessions, int pieceCount) {
                    return Optional.empty();
                }

                @Override
                public ProtocolEngine newEngine(EngineContext ctx, BitSet possession) {
                    return engine(ctx);
                }
            };
        }

        private ProtocolEngine engine(EngineContext ctx) {
            return new ProtocolEngine() {
                @Override
                public void start() {
                    if (chatty) {
                        ctx.neighbours().forEach(p -> ctx.send(p, new Message.Steal(ctx.op())));
                    }
                }

                @Override
                public void onMessage(int peer, Message message) {
                    if (chatty) {
                        ctx.send(peer, new Message.Steal(ctx.op()));
                    }
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
            };
        }
    }
}

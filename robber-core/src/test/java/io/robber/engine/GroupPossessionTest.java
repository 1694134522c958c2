package io.robber.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.wire.Message;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link ProtocolEngine#onGroupPossession}: once the possession flood is complete, every engine is told
 * once what every member held at the start, after its collective's part.
 */
class GroupPossessionTest {
    private static final int PIECES = 24;

    /** Robber's plan, its engines recording what they are told. */
    private static final class Recording implements Protocol {
        private final Protocol robber = Protocols.byName("robber");
        final Map<Integer, List<List<BitSet>>> told = new HashMap<>();
        final Map<Integer, Boolean> collectiveFirst = new HashMap<>();

        @Override
        public String name() {
            return robber.name();
        }

        @Override
        public List<OptionNames> optionNames() {
            return robber.optionNames();
        }

        @Override
        public ProtocolPlan plan(Group group, ProtocolOptions options) {
            ProtocolPlan plan = robber.plan(group, options);
            return new ProtocolPlan() {
                @Override
                public Record options() {
                    return plan.options();
                }

                @Override
                public PeerGraph graph() {
                    return plan.graph();
                }

                @Override
                public Optional<String> checkPossession(List<BitSet> possessions, int pieceCount) {
                    return plan.checkPossession(possessions, pieceCount);
                }

                @Override
                public ProtocolEngine newEngine(EngineContext context, BitSet possession) {
                    return new Recorder(context.self(), plan.newEngine(context, possession));
                }

                @Override
                public Optional<MessageCodec<?>> messageCodec() {
                    return plan.messageCodec();
                }
            };
        }

        private final class Recorder implements ProtocolEngine {
            private final int self;
            private final ProtocolEngine engine;
            private boolean collectiveKnown;

            Recorder(int self, ProtocolEngine engine) {
                this.self = self;
                this.engine = engine;
            }

            @Override
            public void start() {
                engine.start();
            }

            @Override
            public void onMessage(int peer, Message message) {
                engine.onMessage(peer, message);
            }

            @Override
            public void onOwnMessage(int peer, Object message) {
                engine.onOwnMessage(peer, message);
            }

            @Override
            public boolean expects(int peer, int piece) {
                return engine.expects(peer, piece);
            }

            @Override
            public void onPieceReceived(int peer, int piece) {
                engine.onPieceReceived(peer, piece);
            }

            @Override
            public void onPieceRejected(int peer, int piece) {
                engine.onPieceRejected(peer, piece);
            }

            @Override
            public void onPeerLost(int peer) {
                engine.onPeerLost(peer);
            }

            @Override
            public void onPeerReconnected(int peer) {
                engine.onPeerReconnected(peer);
            }

            @Override
            public void onMembersDead(BitSet dead) {
                engine.onMembersDead(dead);
            }

            @Override
            public void onCollectivePossession(BitSet heldByCollective) {
                collectiveKnown = true;
                engine.onCollectivePossession(heldByCollective);
            }

            @Override
            public void onGroupPossession(List<BitSet> possessions) {
                List<BitSet> copy = new ArrayList<>();
                possessions.forEach(p -> copy.add((BitSet) p.clone()));
                told.computeIfAbsent(self, k -> new ArrayList<>()).add(copy);
                collectiveFirst.put(self, collectiveKnown);
                engine.onGroupPossession(possessions);
            }

            @Override
            public void stop() {
                engine.stop();
            }
        }
    }

    @Test
    void everyEngineIsToldOnceWhatEveryMemberHeld() {
        Recording protocol = new Recording();
        Group group = SimData.clusters(3, 2, 2);
        SimNetwork.builder(group, protocol)
                .pieces(PIECES, 4096)
                .possession(SimData.roots(PIECES, 0))
                .build()
                .run()
                .assertAllComplete();

        BitSet all = new BitSet();
        all.set(0, PIECES);
        assertThat(protocol.told).hasSize(group.size());
        for (int m = 0; m < group.size(); m++) {
            assertThat(protocol.told.get(m)).as("member %d", m).hasSize(1);
            List<BitSet> possessions = protocol.told.get(m).get(0);
            assertThat(possessions).hasSize(group.size());
            assertThat(possessions.get(0)).isEqualTo(all);
            for (int other = 1; other < group.size(); other++) {
                assertThat(possessions.get(other).isEmpty()).as("member %d told of %d", m, other).isTrue();
            }
            assertThat(protocol.collectiveFirst.get(m)).as("member %d", m).isTrue();
        }
    }
}

package io.robber.engine;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.wire.MalformedFrameException;
import io.robber.wire.Message;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A test-only protocol whose only message is its own: over a complete graph, every node tells its
 * neighbours which pieces it wants ({@link Want}, encoded by {@link WantCodec}, never a core message)
 * and pushes each piece it holds or receives to the neighbours that want it. It proves that a
 * protocol can carry its own typed messages without touching the core's message set.
 */
public final class WantPushProtocol implements Protocol {
    public static final String NAME = "want-push";
    /** The member that also sends member 0 a payload that does not decode; -1 for none. */
    private final int hostile;
    /**
     * What each member's engine was told by {@link ProtocolEngine#onGroupPossession} (copies, one list
     * per call), and whether it had heard of its collective's possession first.
     */
    final Map<Integer, List<List<BitSet>>> groupPossessions = new HashMap<>();
    final Map<Integer, Boolean> collectiveFirst = new HashMap<>();

    public WantPushProtocol() {
        this(-1);
    }

    /** A group in which {@code hostile} also sends member 0 a protocol message that does not decode. */
    public WantPushProtocol(int hostile) {
        this.hostile = hostile;
    }

    /** The pieces the sender still wants. */
    public record Want(BitSet pieces) {
    }

    /** {@code [int length][bitmap bytes]}, the length checked before allocation. */
    public static final class WantCodec implements MessageCodec<Want> {
        @Override
        public Class<Want> type() {
            return Want.class;
        }

        @Override
        public byte[] encode(Want message) {
            byte[] bits = message.pieces().toByteArray();
            return ByteBuffer.allocate(4 + bits.length).putInt(bits.length).put(bits).array();
        }

        @Override
        public Want decode(byte[] payload, int pieceCount) {
            try {
                ByteBuffer in = ByteBuffer.wrap(payload);
                int length = in.getInt();
                if (length < 0 || length != in.remaining()) {
                    throw new MalformedFrameException("want bitmap of " + length + " bytes in a payload of "
                            + payload.length);
                }
                byte[] bits = new byte[length];
                in.get(bits);
                BitSet pieces = BitSet.valueOf(bits);
                if (pieces.length() > pieceCount) {
                    throw new MalformedFrameException("want for piece " + (pieces.length() - 1) + " of " + pieceCount);
                }
                return new Want(pieces);
            } catch (BufferUnderflowException e) {
                throw new MalformedFrameException("want payload of " + payload.length + " bytes is too short");
            }
        }
    }

    /** This protocol has no options. */
    public record Options() {
    }

    @Override
    public String name() {
        return NAME;
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
        MessageCodec<?> codec = new WantCodec();
        return new ProtocolPlan() {
            @Override
            public Options options() {
                return new Options();
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
            public ProtocolEngine newEngine(EngineContext context, BitSet possession) {
                return new Engine(context, possession);
            }

            @Override
            public Optional<MessageCodec<?>> messageCodec() {
                return Optional.of(codec);
            }
        };
    }

    private final class Engine implements ProtocolEngine {
        private final EngineContext ctx;
        private final BitSet holds;
        private final Map<Integer, BitSet> wanted = new HashMap<>();

        Engine(EngineContext ctx, BitSet possession) {
            this.ctx = ctx;
            this.holds = (BitSet) possession.clone();
        }

        @Override
        public void start() {
            if (ctx.self() == hostile) {
                ctx.send(0, new Message.ProtocolMessage(ctx.op(), new byte[] {0, 0}));
            }
            ctx.neighbours().forEach(this::sendWant);
        }

        private void sendWant(int peer) {
            BitSet missing = new BitSet();
            missing.set(0, ctx.manifest().pieceCount());
            missing.andNot(holds);
            ctx.sendOwn(peer, new Want(missing));
        }

        @Override
        public void onMessage(int peer, Message message) {
            throw new AssertionError("want-push sends no core message, got " + message);
        }

        @Override
        public void onOwnMessage(int peer, Object message) {
            BitSet want = ((Want) message).pieces().get(0, ctx.manifest().pieceCount());
            wanted.put(peer, want);
            for (int p = want.nextSetBit(0); p >= 0; p = want.nextSetBit(p + 1)) {
                if (holds.get(p)) {
                    push(peer, p);
                }
            }
        }

        private void push(int peer, int piece) {
            wanted.get(peer).clear(piece);
            ctx.pushPiece(peer, piece);
        }

        @Override
        public void onPieceReceived(int peer, int piece) {
            if (holds.get(piece)) {
                ctx.metrics().duplicatePiece();
                return;
            }
            holds.set(piece);
            wanted.forEach((p, want) -> {
                if (want.get(piece)) {
                    push(p, piece);
                }
            });
            if (holds.cardinality() == ctx.manifest().pieceCount()) {
                ctx.completed();
            }
        }

        @Override
        public void onPieceRejected(int peer, int piece) {
            sendWant(peer);
        }

        @Override
        public void onPeerLost(int peer) {
            wanted.remove(peer);
        }

        @Override
        public void onPeerReconnected(int peer) {
            sendWant(peer);
        }

        @Override
        public void onCollectivePossession(BitSet heldByCollective) {
            collectiveFirst.putIfAbsent(ctx.self(), true);
        }

        @Override
        public void onGroupPossession(List<BitSet> possessions) {
            collectiveFirst.putIfAbsent(ctx.self(), false);
            groupPossessions.computeIfAbsent(ctx.self(), k -> new ArrayList<>())
                    .add(possessions.stream().map(p -> (BitSet) p.clone()).toList());
        }
    }
}

package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.robber.metrics.RobberMeters;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import io.robber.wire.WireCodec;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Issue 14, item 9, over Netty: a member forges frames on its connection to a neighbour — a piece the
 * neighbour never asked it for (wrong bytes, which would fail the digest check if it were hashed) and a
 * done naming the neighbour itself and the root, its other neighbour. The neighbour refuses both,
 * counts them in {@code robber.messages.rejected}, never hashes the piece, and every copy is verified.
 */
class ForgedFramesTest {
    private static final int PIECE = 16 * 1024;
    private static final int PIECES = 400;

    @Test
    void anUnrequestedPieceAndAFalseDoneAreRefusedOverTheWire() throws Exception {
        AtomicBoolean injected = new AtomicBoolean();
        byte[] data = Delivery.data((long) PIECES * PIECE, 5);
        LinkCustomizer forge = (self, peer, pipeline) -> {
            if (self.id().equals("c0n1") && peer.id().equals("c0n2")) {
                pipeline.addFirst(new Forger(injected, PIECES - 1));
            }
        };
        try (LoopbackGroup g = LoopbackGroup.open("robber", 1, UnaryOperator.identity(),
                (member, options) -> options.withLinks(forge), 3)) {
            Delivery.run(g, data, PIECE, Delivery.Placement.singleRoot());

            assertThat(injected).isTrue();
            assertThat(rejected(g.registry(), "c0n2", MessageType.PIECE)).isEqualTo(1);
            assertThat(rejected(g.registry(), "c0n2", MessageType.DONE)).isEqualTo(1);
        }
    }

    private static double rejected(MeterRegistry registry, String member, MessageType type) {
        Counter counter = registry.find(RobberMeters.MESSAGES_REJECTED).tag("member", member)
                .tag("type", type.name().toLowerCase()).counter();
        return counter == null ? 0 : counter.count();
    }

    /**
     * On the first request c0n1 sends c0n2 (so both are running and c0n1 lacks that piece, which c0n2
     * therefore never asked it for), writes before it that piece with zero bytes and a done naming
     * c0n0 and c0n2.
     */
    private static final class Forger extends ChannelDuplexHandler {
        private final AtomicBoolean injected;
        private final int lastPiece;

        Forger(AtomicBoolean injected, int lastPiece) {
            this.injected = injected;
            this.lastPiece = lastPiece;
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (!injected.get() && msg instanceof ByteBuf b && RequestFrames.isRequest(b)
                    && RequestFrames.piece(b) != lastPiece) {
                injected.set(true);
                int op = RequestFrames.op(b);
                int piece = RequestFrames.piece(b);
                ctx.write(WireCodec.pieceHeader(ctx.alloc(), op, piece, PIECE));
                ctx.write(ctx.alloc().buffer(PIECE).writeZero(PIECE));
                BitSet members = new BitSet();
                members.set(0);
                members.set(2);
                ctx.write(WireCodec.encode(ctx.alloc(), new Message.Done(op, members)));
            }
            ctx.write(msg, promise);
        }

    }
}

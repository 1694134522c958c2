package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import io.robber.wire.Message;
import io.robber.wire.WireCodec;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Issue 14, item 10: messages of an operation a node has not started yet are kept for it, but only up
 * to {@link TransportOptions#maxEarlyBytes()} bytes, so a peer cannot make it hold an unbounded backlog.
 * A member floods its neighbour with {@value #FLOOD} {@code have} messages of the next operation in the
 * middle of a transfer: under a 4 KiB bound the neighbour drops the connection, under the default bound
 * it keeps them; either way every copy ends verified.
 */
class EarlyMessagesTest {
    private static final int PIECE = 16 * 1024;
    private static final int PIECES = 200;
    private static final int FLOOD = 1_000;

    @Test
    void aNeighbourThatSendsMoreThanTheBoundOfEarlyBytesIsDisconnected() throws Exception {
        assertThat(floodAndDeliver(4096)).as("the flooder's connection to its neighbour was closed").isTrue();
    }

    @Test
    void theSameFloodWithinTheBoundIsKept() throws Exception {
        assertThat(floodAndDeliver(TransportOptions.defaults().maxEarlyBytes()))
                .as("the flooder's connection to its neighbour was closed").isFalse();
    }

    /** Runs one transfer in which c0n1 floods c0n2 (whose bound is {@code maxEarlyBytes}); whether c0n2 hung up. */
    private static boolean floodAndDeliver(long maxEarlyBytes) throws Exception {
        AtomicBoolean flooded = new AtomicBoolean();
        AtomicBoolean closed = new AtomicBoolean();
        byte[] data = Delivery.data((long) PIECES * PIECE, 7);
        LinkCustomizer flood = (self, peer, pipeline) -> {
            if (self.id().equals("c0n1") && peer.id().equals("c0n2")) {
                pipeline.addFirst(new Flooder(flooded, closed));
            }
        };
        try (LoopbackGroup g = LoopbackGroup.open("robber", 1, UnaryOperator.identity(),
                (member, options) -> member.equals("c0n2")
                        ? options.withMaxEarlyBytes(maxEarlyBytes) : options.withLinks(flood), 3)) {
            Delivery.run(g, data, PIECE, Delivery.Placement.singleRoot());
            assertThat(flooded).as("the flood was sent").isTrue();
            return closed.get();
        }
    }

    /**
     * On the first request c0n1 sends c0n2, writes before it {@value #FLOOD} {@code have} messages of the
     * operation after the running one (17 bytes each as encoded); remembers whether the connection closed
     * before the transfer ended.
     */
    private static final class Flooder extends ChannelDuplexHandler {
        private final AtomicBoolean flooded;
        private final AtomicBoolean closed;

        Flooder(AtomicBoolean flooded, AtomicBoolean closed) {
            this.flooded = flooded;
            this.closed = closed;
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (!flooded.get() && msg instanceof ByteBuf b && RequestFrames.isRequest(b)) {
                flooded.set(true);
                int next = RequestFrames.op(b) + 1;
                for (int i = 0; i < FLOOD; i++) {
                    ctx.write(WireCodec.encode(ctx.alloc(), new Message.Have(next, i % PIECES)));
                }
            }
            ctx.write(msg, promise);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            closed.set(true);
            super.channelInactive(ctx);
        }

    }
}

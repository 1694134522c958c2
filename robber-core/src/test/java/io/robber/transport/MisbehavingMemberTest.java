package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelPromise;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A member that sends a malformed frame in the middle of a transfer loses that connection; the
 * group routes around it and every node still ends with a verified copy.
 */
class MisbehavingMemberTest {
    private static final int PIECE = 16 * 1024;

    @Test
    void aMalformedFrameFromAMemberDropsOnlyThatLink() throws Exception {
        AtomicBoolean injected = new AtomicBoolean();
        CompletableFuture<Void> linkClosed = new CompletableFuture<>();
        LinkCustomizer corruptOneLink = (self, peer, pipeline) -> {
            if (self.id().equals("c0n0") && peer.id().equals("c0n1")) {
                pipeline.addFirst(new MalformedFrameInjector(injected, linkClosed));
            }
        };
        byte[] data = Delivery.data(200L * PIECE + 11, 7);
        try (LoopbackGroup g = LoopbackGroup.open("robber", 1, UnaryOperator.identity(),
                (member, options) -> options.withLinks(corruptOneLink), 4, 4)) {
            Delivery.run(g, data, PIECE, Delivery.Placement.singleRoot());

            assertThat(injected).isTrue();
            assertThat(linkClosed).succeedsWithin(Duration.ofSeconds(30));
        }
    }

    /** After a few frames, writes a frame of an unknown type in front of the next small control frame. */
    private static final class MalformedFrameInjector extends ChannelDuplexHandler {
        private final AtomicBoolean injected;
        private final CompletableFuture<Void> closed;
        private int controlFrames;

        MalformedFrameInjector(AtomicBoolean injected, CompletableFuture<Void> closed) {
            this.injected = injected;
            this.closed = closed;
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (!injected.get() && msg instanceof ByteBuf b && isWholeControlFrame(b) && ++controlFrames == 3) {
                injected.set(true);
                ctx.write(Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 1, 99}));
            }
            ctx.write(msg, promise);
        }

        private static boolean isWholeControlFrame(ByteBuf b) {
            return b.readableBytes() >= 5 && b.readableBytes() < 256 && b.getInt(b.readerIndex()) == b.readableBytes() - 4;
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            closed.complete(null);
            ctx.fireChannelInactive();
        }
    }
}

package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelPromise;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A member that sends a malformed frame in the middle of a transfer loses that connection; the
 * group routes around it and every node still ends with a verified copy.
 */
class MisbehavingMemberTest {
    private static final int PIECE = 16 * 1024;

    @Test
    void aMalformedFrameFromAMemberDropsOnlyThatLink() throws Exception {
        Group group = LoopbackGroup.group(LoopbackGroup.freePort(), 4, 4);
        AtomicBoolean injected = new AtomicBoolean();
        CompletableFuture<Void> linkClosed = new CompletableFuture<>();
        LinkCustomizer corruptOneLink = (self, peer, pipeline) -> {
            if (self.id().equals("c0n0") && peer.id().equals("c0n1")) {
                pipeline.addFirst(new MalformedFrameInjector(injected, linkClosed));
            }
        };
        byte[] data = Delivery.data(200L * PIECE + 11, 7);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), PIECE);
        List<MulticastChannel> channels = new ArrayList<>();
        List<MemoryStorage> copies = new ArrayList<>();
        try (RobberRuntime runtime = RobberRuntime.create(2, 2)) {
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (Member m : group.members()) {
                MulticastChannel ch = RobberTransport.open(ChannelConfig.of(group, m.id(), "robber"),
                        TransportOptions.defaults(runtime).withLinks(corruptOneLink));
                channels.add(ch);
                boolean root = m.id().equals("c0n0");
                MemoryStorage storage = root ? MemoryStorage.wrap(data) : new MemoryStorage(data.length);
                copies.add(storage);
                done.add(ch.multicastAsync(manifest, storage, root ? manifest.allPieces() : new BitSet()));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            for (MulticastChannel ch : channels) {
                ch.flush(Duration.ofSeconds(30));
            }
            assertThat(injected).isTrue();
            assertThat(linkClosed).succeedsWithin(Duration.ofSeconds(5));
            channels.forEach(MulticastChannel::close);
        }
        assertThat(copies).allSatisfy(c -> assertThat(c.toByteArray()).isEqualTo(data));
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

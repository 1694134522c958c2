package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LinkCustomizerTest {

    @Test
    void handlersSeeEveryConnectionWithItsPeerAndItsRawBytes() throws Exception {
        Group group = LoopbackGroup.group(LoopbackGroup.freePort(), 2, 2);
        Map<String, AtomicLong> bytesIn = new ConcurrentHashMap<>();
        LinkCustomizer counting = (self, peer, pipeline) -> pipeline.addFirst(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                bytesIn.computeIfAbsent(self.id() + "<-" + peer.id(), k -> new AtomicLong())
                        .addAndGet(((ByteBuf) msg).readableBytes());
                ctx.fireChannelRead(msg);
            }
        });
        byte[] data = Delivery.data(300_000, 1);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), 32 * 1024);
        List<MulticastChannel> channels = new ArrayList<>();
        try (RobberRuntime runtime = RobberRuntime.create(1, 2)) {
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (Member m : group.members()) {
                MulticastChannel ch = RobberTransport.open(ChannelConfig.of(group, m.id(), "robber"),
                        TransportOptions.defaults(runtime).withLinks(counting));
                channels.add(ch);
                boolean root = m.id().equals("c0n0");
                done.add(ch.multicastAsync(manifest, root ? MemoryStorage.wrap(data) : new MemoryStorage(data.length),
                        root ? manifest.allPieces() : new BitSet()));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            channels.forEach(MulticastChannel::close);
        }
        long total = bytesIn.values().stream().mapToLong(AtomicLong::get).sum();
        assertThat(total).isGreaterThanOrEqualTo(3L * data.length);
        assertThat(bytesIn).containsKeys("c0n1<-c0n0", "c1n0<-c0n0", "c0n0<-c0n1", "c0n0<-c1n0");
    }
}

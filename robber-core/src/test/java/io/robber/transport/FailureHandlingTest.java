package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.api.PlacementException;
import io.robber.api.RobberException;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Bad placements, hostile peers, absent members: clear errors, never a hang, never a dead node. */
class FailureHandlingTest {
    private static final int PIECE = 16 * 1024;

    @Test
    void noRootCollectiveFailsFastOnEveryNode() throws Exception {
        byte[] data = Delivery.data(8L * PIECE, 1);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), PIECE);
        try (LoopbackGroup g = LoopbackGroup.open("robber", 1, 2, 2, 2)) {
            List<CompletableFuture<Void>> results = new ArrayList<>();
            for (MulticastChannel ch : g.channels()) {
                BitSet possession = new BitSet();
                if (ch.self().id().equals("c0n0")) {
                    possession.set(0, 4);
                } else if (ch.self().id().equals("c1n0")) {
                    possession.set(4, 8);
                }
                results.add(ch.multicastAsync(manifest, new MemoryStorage(data.length), possession));
            }
            for (CompletableFuture<Void> r : results) {
                assertThatThrownBy(() -> r.get(10, TimeUnit.SECONDS))
                        .isInstanceOf(ExecutionException.class)
                        .cause().isInstanceOf(PlacementException.class)
                        .hasMessageContaining("no root collective");
            }
        }
    }

    @Test
    void malformedFramesCloseOnlyTheirConnection() throws Exception {
        byte[] data = Delivery.data(64L * PIECE, 2);
        try (LoopbackGroup g = LoopbackGroup.open("robber", 2, 3, 3)) {
            var target = g.group().member(g.group().indexOf("c0n0")).address();
            try (Socket garbage = new Socket(target.getAddress(), target.getPort());
                 Socket oversized = new Socket(target.getAddress(), target.getPort());
                 Socket unknownType = new Socket(target.getAddress(), target.getPort())) {
                write(garbage, "GET / HTTP/1.1\r\nHost: robber\r\n\r\n".getBytes());
                write(oversized, ByteBuffer.allocate(4).putInt(Integer.MAX_VALUE).array());
                write(unknownType, ByteBuffer.allocate(5).putInt(1).put((byte) 99).array());
                Delivery.run(g, data, PIECE, Delivery.Placement.singleRoot());
                assertThat(garbage.getInputStream().skip(1 << 16)).isGreaterThanOrEqualTo(0);
                assertThat(readUntilClosed(oversized)).isTrue();
                assertThat(readUntilClosed(unknownType)).isTrue();
            }
        }
    }

    @Test
    void aConnectionThatNeverCompletesItsHandshakeIsClosed() throws Exception {
        Duration handshakeTimeout = Duration.ofSeconds(1);
        try (LoopbackGroup g = LoopbackGroup.open("robber", 6, UnaryOperator.identity(),
                (member, transport) -> transport.withHandshakeTimeout(handshakeTimeout), 1, 1)) {
            var target = g.group().member(0).address();
            try (Socket silent = new Socket(target.getAddress(), target.getPort())) {
                silent.setSoTimeout((int) (3 * handshakeTimeout.toMillis()));
                var in = silent.getInputStream();
                byte[] buf = new byte[4096];
                int total = 0;
                for (int n; (n = in.read(buf)) >= 0; ) {
                    total += n;
                }
                assertThat(total).as("the node's own handshake arrives before it gives up").isPositive();
            }
        }
    }

    @Test
    void aPeerFromAnotherGroupIsRefused() throws Exception {
        byte[] data = Delivery.data(16L * PIECE, 3);
        try (LoopbackGroup g = LoopbackGroup.open("robber", 3, 2, 2)) {
            Group stranger = LoopbackGroup.group(9, 1, 1);
            var target = g.group().member(0).address();
            try (Socket s = new Socket(target.getAddress(), target.getPort())) {
                var buf = io.robber.wire.WireCodec.encode(io.netty.buffer.UnpooledByteBufAllocator.DEFAULT,
                        new io.robber.wire.Handshake(io.robber.wire.Handshake.VERSION, "robber",
                                io.robber.api.Sessions.id(stranger, "robber"), 1, new byte[32]));
                byte[] bytes = new byte[buf.readableBytes()];
                buf.readBytes(bytes);
                buf.release();
                write(s, bytes);
                assertThat(readUntilClosed(s)).isTrue();
            }
            Delivery.run(g, data, PIECE, Delivery.Placement.singleRoot());
        }
    }

    @Test
    void anAbsentMemberIsNamedWhenTheConnectTimeoutExpires() throws Exception {
        Group group = LoopbackGroup.group(LoopbackGroup.freePort(), 1, 1);
        try (RobberRuntime runtime = RobberRuntime.create(1, 1);
             MulticastChannel only = RobberTransport.open(ChannelConfig.of(group, "c0n0", "robber")
                     .withConnectTimeout(Duration.ofMillis(500)), TransportOptions.defaults(runtime))) {
            Manifest manifest = Manifest.compute(MemoryStorage.wrap(new byte[10]), PIECE);
            assertThatThrownBy(() -> only.multicast(manifest, MemoryStorage.wrap(new byte[10]), manifest.allPieces()))
                    .isInstanceOf(RobberException.class)
                    .hasMessageContaining("could not connect to c1n0 at 127.0.2.1");
        }
    }

    @Test
    void aPortInUseIsReportedClearly() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("robber", 4, 1, 1)) {
            assertThatThrownBy(() -> MulticastChannel.open(ChannelConfig.of(g.group(), "c0n0", "robber")))
                    .isInstanceOf(RobberException.class)
                    .hasMessageContaining("cannot listen on 127.0.1.1");
        }
    }

    @Test
    void differentManifestsAreReportedInsteadOfMixingData() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("robber", 5, 1, 1)) {
            Manifest a = Manifest.compute(MemoryStorage.wrap(Delivery.data(PIECE, 1)), PIECE);
            Manifest b = Manifest.compute(MemoryStorage.wrap(Delivery.data(PIECE, 2)), PIECE);
            var first = g.channels().get(0).multicastAsync(a, MemoryStorage.wrap(Delivery.data(PIECE, 1)), a.allPieces());
            var second = g.channels().get(1).multicastAsync(b, new MemoryStorage(PIECE), new BitSet());
            assertThatThrownBy(() -> second.get(10, TimeUnit.SECONDS))
                    .cause().hasMessageContaining("every member must pass the same manifest");
            // The root holds its own data whatever happens, so only its flush is bound to fail.
            first.handle((ok, error) -> null).get(10, TimeUnit.SECONDS);
            assertThatThrownBy(() -> g.channels().get(0).flushAsync().get(10, TimeUnit.SECONDS))
                    .cause().hasMessageContaining("every member must pass the same manifest");
        }
    }

    private static void write(Socket s, byte[] bytes) throws Exception {
        OutputStream out = s.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    /** True once the node closed the connection (reads reach end of stream). */
    private static boolean readUntilClosed(Socket s) throws Exception {
        s.setSoTimeout(10_000);
        var in = s.getInputStream();
        byte[] buf = new byte[4096];
        while (in.read(buf) >= 0) {
            // drain the node's handshake until it closes the connection
        }
        return true;
    }
}

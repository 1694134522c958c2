package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.api.RobberException;
import io.robber.api.Sessions;
import io.robber.engine.PeerGraph;
import io.robber.api.ProtocolOptions;
import io.robber.engine.Protocols;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import io.robber.wire.Auth;
import io.robber.wire.Handshake;
import io.robber.wire.MessageType;
import io.robber.wire.WireCodec;
import java.io.DataInputStream;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The group's shared secret: members that know it work together; anyone else is refused at the door. */
class AuthenticationTest {
    private static final int PIECE = 16 * 1024;
    private static final byte[] SECRET = "correct horse battery staple".getBytes(StandardCharsets.UTF_8);

    @Test
    void membersWithTheSameSecretDeliver() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("robber", 1, c -> c.withSecret(SECRET), 2, 2)) {
            Delivery.run(g, Delivery.data(20L * PIECE + 5, 1), PIECE, Delivery.Placement.singleRoot());
        }
    }

    /**
     * A stranger that knows the group (addresses, ids, session) but not the secret connects as a real
     * member: it passes the handshake, gets the node's proof, cannot answer, and is cut off; the real
     * member's connection is untouched and the group delivers.
     */
    @Test
    void anImpostorWithoutTheSecretIsRefusedWhileTheGroupDelivers() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("robber", 2, c -> c.withSecret(SECRET), 2, 2)) {
            Group group = g.group();
            PeerGraph graph = Protocols.byName("robber").plan(group, ProtocolOptions.defaults(2)).graph();
            int target = 1;
            int claimed = graph.neighbours(target).get(0);
            assertThat(claimed).isLessThan(target);
            var address = group.member(target).address();
            try (Socket s = new Socket(address.getAddress(), address.getPort())) {
                s.setSoTimeout(10_000);
                DataInputStream in = new DataInputStream(s.getInputStream());
                assertThat(readFrameType(in)).isEqualTo(MessageType.HANDSHAKE.code());
                write(s, WireCodec.encode(UnpooledByteBufAllocator.DEFAULT, new Handshake(Handshake.VERSION, "robber",
                        Sessions.id(group, "robber"), claimed, new byte[Handshake.NONCE_LENGTH])));
                assertThat(readFrameType(in)).isEqualTo(MessageType.AUTH.code());
                write(s, WireCodec.encode(UnpooledByteBufAllocator.DEFAULT, new Auth(new byte[Auth.PROOF_LENGTH])));
                assertThat(in.read()).as("the node closes the connection").isEqualTo(-1);
            }
            Delivery.run(g, Delivery.data(20L * PIECE + 5, 2), PIECE, Delivery.Placement.singleRoot());
        }
    }

    @Test
    void aWrongSecretIsRefusedAndNamedWhenTheConnectTimeoutExpires() throws Exception {
        assertRefused("another secret".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void noSecretAgainstASecretIsRefused() throws Exception {
        assertRefused(null);
    }

    /** c0n0 (which dials) has the secret; c1n0 has {@code other}: both fail, and the dialling side says why. */
    private static void assertRefused(byte[] other) throws Exception {
        Group group = LoopbackGroup.group(LoopbackGroup.freePort(), 1, 1);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(new byte[10]), PIECE);
        try (RobberRuntime runtime = RobberRuntime.create(1, 1);
             MulticastChannel dialler = RobberTransport.open(config(group, "c0n0").withSecret(SECRET),
                     TransportOptions.defaults(runtime));
             MulticastChannel accepter = RobberTransport.open(config(group, "c1n0").withSecret(other),
                     TransportOptions.defaults(runtime))) {
            CompletableFuture<Void> root = dialler.multicastAsync(manifest, MemoryStorage.wrap(new byte[10]),
                    manifest.allPieces());
            CompletableFuture<Void> receiver = accepter.multicastAsync(manifest, new MemoryStorage(10),
                    new java.util.BitSet());
            assertThatThrownBy(() -> root.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(RobberException.class)
                    .hasMessageContaining("could not connect to c1n0 at 127.0.2.1")
                    .hasMessageContaining("(refused: wrong secret)");
            assertThatThrownBy(() -> receiver.get(10, TimeUnit.SECONDS)).cause()
                    .hasMessageContaining("could not connect to c0n0");
        }
    }

    private static ChannelConfig config(Group group, String id) {
        return ChannelConfig.of(group, id, "robber").withConnectTimeout(Duration.ofSeconds(1));
    }

    private static int readFrameType(DataInputStream in) throws Exception {
        int length = in.readInt();
        byte[] body = new byte[length];
        in.readFully(body);
        return body[0];
    }

    private static void write(Socket s, ByteBuf frame) throws Exception {
        byte[] bytes = new byte[frame.readableBytes()];
        frame.readBytes(bytes);
        frame.release();
        s.getOutputStream().write(bytes);
        s.getOutputStream().flush();
    }
}

package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.api.Sessions;
import io.robber.security.SecretProof;
import io.robber.testkit.FuzzInputs;
import io.robber.testkit.FuzzStream;
import io.robber.testkit.TrackingAllocator;
import io.robber.testkit.WatchedHandler;
import io.robber.wire.Auth;
import io.robber.wire.Handshake;
import io.robber.wire.KeepAlive;
import io.robber.wire.MalformedFrameException;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import io.robber.wire.WireCodec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fuzzes the data channel's handshake: a stranger opens a connection to a node (or answers the node's
 * dial, option bit 0) and sends whatever bytes, cut into whatever reads, to the node's
 * {@link FrameDecoder} and {@link PeerConnection} ({@link PeerHandshake}, the handshake and proof frames
 * of {@link WireCodec}). The stranger does not know the group's secret, so whatever it sends, the node
 * sends its own handshake and at most one proof, never admits it, refuses it only with a
 * {@link HandshakeException} or a {@link MalformedFrameException} and then closes the connection, or
 * closes it when the handshake timeout expires; it releases every buffer and allocates no more than a
 * few times what it was sent.
 */
class PeerHandshakeFuzzTest {
    private static final FuzzInputs INPUTS = new FuzzInputs(PeerHandshakeFuzzTest.class);
    private static final String PROTOCOL = "robber";
    private static final byte[] SECRET = "the group's secret".getBytes(StandardCharsets.UTF_8);
    private static final Group GROUP = new Group(List.of(Member.of("c0n0", "c0", "127.0.0.1", 7000),
            Member.of("c0n1", "c0", "127.0.0.1", 7001), Member.of("c0n2", "c0", "127.0.0.1", 7002),
            Member.of("c0n3", "c0", "127.0.0.1", 7003)));
    private static final long SESSION = Sessions.id(GROUP, PROTOCOL);
    private static final int SELF = 1;
    private static final List<Integer> NEIGHBOURS = List.of(0, 2, 3);
    /** The neighbour the node dials when the stranger answers a dial; member 0 dials the node. */
    private static final int DIALLED = 3;
    private static final TransportOptions TRANSPORT = TransportOptions.defaults();
    private static final PeerHandshake HANDSHAKE = new PeerHandshake(GROUP, SELF, NEIGHBOURS, PROTOCOL, SESSION,
            new SecretProof(SECRET, SESSION));
    private static final RecordingLinkListener LISTENER = new RecordingLinkListener();
    private static final PeerLinks LINKS = new PeerLinks(ChannelConfig.of(GROUP, "c0n1", PROTOCOL).withSecret(SECRET),
            TRANSPORT, SELF, NEIGHBOURS, new EmbeddedChannel().eventLoop(), PROTOCOL, LISTENER);

    @MethodSource("seeds")
    @FuzzTest(maxExecutions = 200_000)
    void strangerIsRefused(byte[] input) throws Exception {
        INPUTS.count();
        FuzzStream stream = FuzzStream.of(input);
        TrackingAllocator alloc = new TrackingAllocator();
        FrameDecoder decoder = new FrameDecoder();
        WatchedHandler connection = new WatchedHandler(new PeerConnection(LINKS, HANDSHAKE, decoder,
                stream.option(0) ? DIALLED : -1));
        EmbeddedChannel channel = new EmbeddedChannel(false, true);
        channel.config().setAllocator(alloc);
        channel.pipeline().addLast(decoder, connection);
        channel.register();
        long sent = stream.feed(channel);
        channel.advanceTimeBy(TRANSPORT.handshakeTimeout().toNanos(), TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();

        assertThat(channel.isOpen()).as("open after the handshake timeout").isFalse();
        assertThat(connection.failures()).allSatisfy(PeerHandshakeFuzzTest::assertRefusal);
        assertThat(LISTENER.events()).as("events of a peer never admitted").isEmpty();
        assertAnswers(channel);
        channel.finish();
        assertThat((Object) channel.readInbound()).as("frames the connection left").isNull();
        assertThat(alloc.unreleased()).as("buffers still held after the connection closed").isEmpty();
        assertThat(alloc.requestedBytes()).as("bytes allocated for a stranger").isLessThanOrEqualTo(4 * sent + 1024);
    }

    @AfterAll
    static void ranEveryInput() {
        INPUTS.check();
    }

    private static void assertRefusal(Throwable failure) {
        if (failure instanceof DecoderException) {
            assertThat(failure).hasCauseInstanceOf(MalformedFrameException.class);
        } else {
            assertThat(failure).isInstanceOf(HandshakeException.class);
        }
    }

    /** The node's handshake, then at most its proof; each frame released here. */
    private static void assertAnswers(EmbeddedChannel channel) {
        List<Integer> types = new ArrayList<>();
        for (ByteBuf frame = channel.readOutbound(); frame != null; frame = channel.readOutbound()) {
            types.add((int) frame.getUnsignedByte(4));
            frame.release();
        }
        assertThat(types).as("types of the frames the node sent").isIn(List.of(MessageType.HANDSHAKE.code()),
                List.of(MessageType.HANDSHAKE.code(), MessageType.AUTH.code()));
    }

    /**
     * Openings as the real encoders write them: a neighbour's handshake (which passes every check) and
     * a proof without the secret, on a dialled or accepted connection, in one read or many; a stranger
     * of another group; frames that come before the handshake.
     */
    static Stream<byte[]> seeds() {
        byte[] nonce = new byte[Handshake.NONCE_LENGTH];
        byte[] proof = frame(WireCodec.encode(UnpooledByteBufAllocator.DEFAULT, new Auth(new byte[Auth.PROOF_LENGTH])));
        byte[] dialler = handshake(SESSION, 0, nonce);
        byte[] answer = handshake(SESSION, DIALLED, nonce);
        return Stream.of(
                FuzzStream.input(0, 0, dialler, proof),
                FuzzStream.input(0, 9, dialler, proof),
                FuzzStream.input(1, 0, answer, proof),
                FuzzStream.input(1, 40, answer, proof),
                FuzzStream.input(0, 0, handshake(SESSION + 1, 0, nonce), proof),
                FuzzStream.input(0, 0, frame(WireCodec.encode(UnpooledByteBufAllocator.DEFAULT, KeepAlive.INSTANCE)),
                        frame(WireCodec.encode(UnpooledByteBufAllocator.DEFAULT, new Message.Request(1, 2))), dialler));
    }

    private static byte[] handshake(long session, int member, byte[] nonce) {
        return frame(WireCodec.encode(UnpooledByteBufAllocator.DEFAULT,
                new Handshake(Handshake.VERSION, PROTOCOL, session, member, nonce)));
    }

    private static byte[] frame(ByteBuf encoded) {
        byte[] bytes = ByteBufUtil.getBytes(encoded);
        encoded.release();
        return bytes;
    }
}

package io.robber.rendezvous.control;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.robber.rendezvous.Secret;
import io.robber.rendezvous.Trust;
import io.robber.rendezvous.TransferListener;
import io.robber.testkit.FuzzInputs;
import io.robber.testkit.FuzzStream;
import io.robber.testkit.TrackingAllocator;
import io.robber.testkit.WatchedHandler;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fuzzes the coordinator's side of the control protocol: a receiver connects and sends whatever bytes,
 * cut into whatever reads, to a listening {@link Coordinator}'s {@link ControlFrameDecoder} and
 * {@link ReceiverConnection} (greeting, hello, registration or decline, then progress and outcome;
 * {@link ControlChannel#parse}), on the coordinator's event loop, to a coordinator with a secret
 * (option bit 0) or without. Whatever it sends, the connection is refused only with a
 * {@link ControlChannel.MalformedControlFrame}, is closed by the handshake timeout at the latest unless
 * the receiver registered, and once it closes the coordinator holds no place for it; every buffer is
 * released and no more allocated than a few times what was sent.
 */
class CoordinatorInboundFuzzTest {
    private static final FuzzInputs INPUTS = new FuzzInputs(CoordinatorInboundFuzzTest.class);
    private static final Secret SECRET = Secret.of("s3cret".getBytes(StandardCharsets.UTF_8));
    private static final Coordinator OPEN = listen(null);
    private static final Coordinator GUARDED = listen(SECRET);

    @MethodSource("seeds")
    @FuzzTest(maxExecutions = 200_000)
    void receiverIsServedOrRefused(byte[] input) {
        INPUTS.count();
        FuzzStream stream = FuzzStream.of(input);
        boolean guarded = stream.option(0);
        Coordinator coordinator = guarded ? GUARDED : OPEN;
        coordinator.onLoop(() -> {
            connect(coordinator, guarded ? SECRET : null, stream);
            return null;
        });
    }

    @AfterAll
    static void ranEveryInput() {
        INPUTS.check();
        OPEN.close();
        GUARDED.close();
    }

    /** One connection, on the coordinator's loop. */
    private static void connect(Coordinator coordinator, Secret secret, FuzzStream stream) throws Exception {
        TrackingAllocator alloc = new TrackingAllocator();
        WatchedHandler connection = new WatchedHandler(coordinator.receiverConnection(new Trust(secret, null),
                ControlChannel.VERSION));
        EmbeddedChannel channel = new FromLoopback();
        channel.config().setAllocator(alloc);
        channel.pipeline().addLast(new ControlFrameDecoder(secret != null), connection);
        channel.register();
        long sent = stream.feed(channel);
        channel.advanceTimeBy(Coordinator.HANDSHAKE_TIMEOUT.toNanos(), TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();
        if (coordinator.registered() == 0) {
            assertThat(channel.isOpen()).as("open after the handshake timeout, not registered").isFalse();
        }
        channel.close();

        assertThat(connection.failures()).allSatisfy(CoordinatorInboundFuzzTest::assertRefusal);
        assertThat(coordinator.registered()).as("places held after the connection closed").isZero();
        for (ByteBuf frame = channel.readOutbound(); frame != null; frame = channel.readOutbound()) {
            frame.release();
        }
        channel.finish();
        assertThat((Object) channel.readInbound()).as("frames the connection left").isNull();
        assertThat(alloc.unreleased()).as("buffers still held after the connection closed").isEmpty();
        assertThat(alloc.requestedBytes()).as("bytes allocated for a receiver").isLessThanOrEqualTo(4 * sent + 4096);
    }

    private static void assertRefusal(Throwable failure) {
        Throwable cause = failure instanceof DecoderException ? failure.getCause() : failure;
        assertThat(cause).isInstanceOf(ControlChannel.MalformedControlFrame.class);
    }

    private static Coordinator listen(Secret secret) {
        return Coordinator.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), new Trust(secret, null), "rendezvous",
                new ControlMessage.Offer("data.bin", "file", 1000, 1), 2, Admission.DISTINCT, TransferListener.SILENT,
                ControlChannel.VERSION, Duration.ofSeconds(30));
    }

    /**
     * What a receiver sends, framed as the real encoder frames it: its greeting, then a registration,
     * progress and its outcome, or a decline, or frames with a MAC for the coordinator with a secret; one
     * read or many.
     */
    static Stream<byte[]> seeds() throws IOException {
        byte[] greeting = ByteBuffer.allocate(8).putInt(ControlChannel.MAGIC).putInt(ControlChannel.VERSION).array();
        String nonce = ControlSupport.b64(new byte[ControlSupport.NONCE_BYTES]);
        byte[] register = frame(new ControlMessage.Register("1.0", nonce, "r1", "c1", "127.0.0.1", 9000, null), 0);
        byte[] progress = frame(new ControlMessage.Progress(500), 0);
        byte[] done = frame(new ControlMessage.Done(false, "disk full", null), 0);
        byte[] decline = frame(new ControlMessage.Decline("1.0", nonce, "r2", "no space"), 0);
        return Stream.of(
                FuzzStream.input(0, 0, greeting, register, progress, done),
                FuzzStream.input(0, 11, greeting, register, progress, done),
                FuzzStream.input(0, 0, greeting, decline),
                FuzzStream.input(1, 0, greeting, frame(new ControlMessage.Register("1.0", nonce, "r1", "c1", "127.0.0.1",
                        9000, null), ControlSupport.MAC_BYTES)),
                FuzzStream.input(1, 5, greeting, frame(new ControlMessage.Decline("1.0", nonce, "r2", "no space"),
                        ControlSupport.MAC_BYTES)));
    }

    /** A frame: length, JSON, and {@code macBytes} zero bytes where a MAC goes. */
    private static byte[] frame(ControlMessage message, int macBytes) throws IOException {
        byte[] json = ControlChannel.MAPPER.writeValueAsBytes(message);
        return ByteBuffer.allocate(4 + json.length + macBytes).putInt(json.length).put(json).array();
    }

    /** An embedded channel, not yet registered, whose peer has an IP address, as a receiver's connection has. */
    private static final class FromLoopback extends EmbeddedChannel {
        private static final SocketAddress RECEIVER = new InetSocketAddress(InetAddress.getLoopbackAddress(), 40_000);

        FromLoopback() {
            super(false, true);
        }

        @Override
        protected SocketAddress remoteAddress0() {
            return isActive() ? RECEIVER : null;
        }
    }
}

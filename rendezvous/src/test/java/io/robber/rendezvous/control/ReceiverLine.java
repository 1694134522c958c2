package io.robber.rendezvous.control;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.OptionalSslHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.robber.rendezvous.Secret;
import io.robber.rendezvous.Trust;
import io.robber.testkit.FuzzStream;
import io.robber.testkit.TrackingAllocator;
import io.robber.testkit.WatchedHandler;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A receiver's control connection to a {@link Coordinator} through the coordinator's real handlers
 * (with TLS, the gate that tells TLS from plain connections, as {@link ReceiverChannelInitializer} puts
 * it, see {@link TlsGate}; {@link ControlFrameDecoder}, {@link ReceiverConnection}) on an
 * {@link EmbeddedChannel} whose peer is on loopback: it takes a stream of bytes as a receiver sends them
 * ({@link #feed}), or registers and reports as a real receiver does, with the MAC its secret gives
 * ({@link #register}, {@link #send}). It keeps the exceptions the connection's handler hides
 * ({@link WatchedHandler}), every buffer the coordinator allocated for it, and reads the frames the
 * coordinator sent it: the first without a MAC (the hello, or the refusal of a receiver that never
 * greeted), the others with one when the coordinator has a secret.
 */
final class ReceiverLine {
    /** The receiver's nonce when it registers: any 32 bytes do. */
    private static final byte[] NONCE = new byte[ControlSupport.NONCE_BYTES];

    private final EmbeddedChannel channel = new FromLoopback();
    private final TrackingAllocator alloc = new TrackingAllocator();
    private final ReceiverConnection connection;
    private final WatchedHandler watched;
    private final Secret secret;
    /** What the coordinator sent that is not read yet (a heap buffer of the test's, not the coordinator's). */
    private final ByteBuf outbound = Unpooled.buffer();
    private final List<ControlMessage> received = new ArrayList<>();
    private boolean greetingRead;
    private byte[] key;
    private long sentFrames;

    /**
     * Connects to {@code coordinator}, which trusts receivers by {@code trust}; without TLS its greeting goes
     * out at once.
     */
    ReceiverLine(Coordinator coordinator, Trust trust) throws Exception {
        this.secret = trust.secret();
        this.connection = coordinator.receiverConnection(trust, ControlChannel.VERSION);
        this.watched = new WatchedHandler(connection);
        channel.config().setAllocator(alloc);
        if (trust.tls() != null) {
            channel.pipeline().addLast(new TlsGate(trust.tls().serverContext()));
        }
        channel.pipeline().addLast(new ControlFrameDecoder(secret != null), watched);
        channel.register();
    }

    /** Sends {@code stream} read by read, until the connection closes; returns how many bytes it took. */
    long feed(FuzzStream stream) {
        return stream.feed(channel);
    }

    /** Greets and registers as {@code id}, as a real receiver does; returns the coordinator's answer. */
    ControlMessage register(String id, String cluster, int port) throws IOException {
        channel.writeInbound(Unpooled.buffer(8).writeInt(ControlChannel.MAGIC).writeInt(ControlChannel.VERSION));
        ControlMessage.Hello hello = (ControlMessage.Hello) received().get(0);
        if (secret != null) {
            key = secret.sessionKey(ControlSupport.decodeNonce(hello.nonce()), NONCE);
        }
        send(new ControlMessage.Register("1.0", ControlSupport.b64(NONCE), id, cluster, "127.0.0.1", port, null));
        return received().get(1);
    }

    /** Sends {@code message} in a frame, with its MAC once registered with a secret. */
    void send(ControlMessage message) throws IOException {
        byte[] payload = ControlCodec.encode(message);
        ByteBuf frame = Unpooled.buffer().writeInt(payload.length).writeBytes(payload);
        if (key != null) {
            frame.writeBytes(ControlSupport.frameMac(key, ControlChannel.FROM_RECEIVER, sentFrames, payload));
        }
        sentFrames++;
        channel.writeInbound(frame);
    }

    /** Lets {@code time} pass on this connection, running what falls due. */
    void pass(Duration time) {
        channel.advanceTimeBy(time.toNanos(), TimeUnit.NANOSECONDS);
        channel.runScheduledPendingTasks();
    }

    /** Every frame the coordinator sent so far, in order. */
    List<ControlMessage> received() throws IOException {
        drain();
        if (!greetingRead && outbound.readableBytes() >= 8) {
            outbound.skipBytes(8);
            greetingRead = true;
        }
        while (greetingRead && outbound.readableBytes() >= 4) {
            int length = outbound.getInt(outbound.readerIndex());
            int mac = received.isEmpty() || secret == null ? 0 : ControlSupport.MAC_BYTES;
            if (outbound.readableBytes() < 4 + length + mac) {
                break;
            }
            byte[] payload = new byte[length];
            outbound.skipBytes(4).readBytes(payload).skipBytes(mac);
            received.add(ControlChannel.parse(new ControlChannel.Frame(payload, null, received.size())));
        }
        return List.copyOf(received);
    }

    /** Takes what the coordinator sent into {@link #outbound}, releasing its buffers. */
    private void drain() {
        for (ByteBuf out = channel.readOutbound(); out != null; out = channel.readOutbound()) {
            outbound.writeBytes(out);
            out.release();
        }
    }

    boolean isOpen() {
        return channel.isOpen();
    }

    ReceiverConnection connection() {
        return connection;
    }

    /** The exceptions the connection's handler saw. */
    List<Throwable> failures() {
        return watched.failures();
    }

    /** Bytes the coordinator asked its allocator for, for this connection, so far. */
    long allocated() {
        return alloc.requestedBytes();
    }

    /**
     * Closes the connection, takes what the coordinator sent and ends the channel; returns the frames the
     * connection's decoder or handler still held (none, when they release all they read) and the
     * coordinator's buffers for it that are still held.
     */
    Leftovers close() {
        channel.close();
        drain();
        channel.finish();
        List<Object> frames = new ArrayList<>();
        for (Object frame = channel.readInbound(); frame != null; frame = channel.readInbound()) {
            frames.add(frame);
        }
        return new Leftovers(frames, alloc.unreleased());
    }

    record Leftovers(List<Object> frames, List<ByteBuf> buffers) {
    }

    /**
     * The coordinator's TLS gate, whose TLS handler gives up on a handshake before the coordinator's
     * handshake timeout. On a real channel the coordinator's, scheduled first, fires first and closes the
     * connection; on an embedded one, closing a TLS handler in mid-handshake from the handler behind it
     * makes Netty log a {@link NullPointerException} (the handler is removed while it closes), once per
     * such input.
     */
    private static final class TlsGate extends OptionalSslHandler {
        TlsGate(SslContext context) {
            super(context);
        }

        @Override
        protected SslHandler newSslHandler(ChannelHandlerContext context, SslContext sslContext) {
            SslHandler handler = super.newSslHandler(context, sslContext);
            handler.setHandshakeTimeoutMillis(Coordinator.HANDSHAKE_TIMEOUT.toMillis() / 2);
            return handler;
        }
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

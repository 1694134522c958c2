package io.robber.rendezvous.control;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.robber.rendezvous.BuildVersion;
import io.robber.rendezvous.Secret;
import io.robber.rendezvous.Trust;
import io.robber.security.TlsIdentity;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * One receiver's control connection on the coordinator's event loop: greets (with TLS, once the TLS
 * handshake is done; a receiver that connects without TLS is told that it must use it), checks its
 * version, says hello, authenticates and validates its registration (with TLS: its certificate must
 * name the id it registers) and asks the {@link Coordinator} to admit it; then follows its progress
 * and outcome until it is done or lost.
 */
final class ReceiverConnection extends ChannelInboundHandlerAdapter {

    private final Coordinator coordinator;
    private final Reception reception;
    private final Secret secret;
    /** Receivers must use TLS: the coordinator greets only once the TLS handshake is done. */
    private final boolean tls;
    private boolean tlsEstablished;
    private final int version;
    private final byte[] nonce = ControlSupport.nonce();
    private ChannelHandlerContext ctx;
    private String remote = "?";
    private boolean greeted;
    private byte[] key;
    private long sentFrames;
    private ReceiverSession session;
    private boolean handshaking = true;
    /** This side is closing the connection: nothing more is read from it. */
    private boolean closing;
    private String failure;
    private Future<?> deadline;

    ReceiverConnection(Coordinator coordinator, Reception reception, Trust trust, int version) {
        this.coordinator = coordinator;
        this.reception = reception;
        this.secret = trust.secret();
        this.tls = trust.tls() != null;
        this.version = version;
    }

    @Override
    public void channelActive(ChannelHandlerContext context) {
        this.ctx = context;
        InetSocketAddress peer = (InetSocketAddress) context.channel().remoteAddress();
        remote = peer.getAddress().getHostAddress() + ":" + peer.getPort();
        deadline = context.executor().schedule(this::handshakeExpired, Coordinator.HANDSHAKE_TIMEOUT.toMillis(),
                TimeUnit.MILLISECONDS);
        reception.handshakeStarted(this, peer.getAddress());
        if (!tls) {
            sendGreeting();
        }
    }

    private ChannelFuture sendGreeting() {
        return ctx.writeAndFlush(ctx.alloc().buffer(8).writeInt(ControlChannel.MAGIC).writeInt(version));
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object event) {
        if (event instanceof SslHandshakeCompletionEvent handshake) {
            if (handshake.isSuccess()) {
                tlsEstablished = true;
                sendGreeting();
            } else {
                drop("TLS handshake failed: " + ControlSupport.describe(handshake.cause()));
            }
        }
        context.fireUserEventTriggered(event);
    }

    /**
     * The greeting, then frames: a registration, then progress and outcome. Once this side closes the
     * connection (refused, dropped, failed), nothing more is read: not even the frames that came in the
     * same read, which the decoder goes on to.
     */
    @Override
    public void channelRead(ChannelHandlerContext context, Object message) throws IOException {
        if (closing) {
            return;
        }
        if (message instanceof ControlFrameDecoder.Greeting greeting) {
            greet(greeting);
        } else if (message instanceof ControlChannel.Frame frame) {
            if (session == null) {
                register(frame);
            } else {
                follow(frame);
            }
        }
    }

    private void greet(ControlFrameDecoder.Greeting greeting) {
        if (greeting.magic() != ControlChannel.MAGIC) {
            drop("answered with something other than the robber control protocol");
            return;
        }
        if (tls && !tlsEstablished) {
            endHandshake();
            coordinator.events().warn("refused a receiver at " + remote + ": it does not use TLS, which this "
                    + "coordinator requires");
            sendGreeting();
            closeAfter(send(new ControlMessage.Refused(Refusal.TLS.code(), "this coordinator requires TLS: pass "
                    + "--tls-cert, --tls-key and --tls-ca with a certificate of the sender's CA")));
            return;
        }
        if (greeting.version() != version) {
            endHandshake();
            coordinator.events().warn("refused a receiver at " + remote + ": version mismatch: "
                    + new ControlChannel.VersionMismatch(greeting.version(), version).getMessage()
                    + "; run the same robber version everywhere");
            closeNow();
            return;
        }
        greeted = true;
        send(new ControlMessage.Hello(BuildVersion.current(), secret != null, ControlSupport.b64(nonce),
                coordinator.mode(), coordinator.offer()));
    }

    private void register(ControlChannel.Frame frame) throws IOException {
        ControlMessage message = ControlChannel.parse(frame);
        if (message instanceof ControlMessage.Decline decline) {
            declined(frame, decline);
            return;
        }
        if (!(message instanceof ControlMessage.Register register)) {
            throw new ControlChannel.MalformedControlFrame("sent something other than a registration");
        }
        String who = (register.id() == null ? "?" : register.id()) + " at " + remote;
        if (secret != null) {
            key = secret.sessionKey(nonce, ControlSupport.decodeNonce(register.nonce()));
            if (!ControlSupport.verifyFrame(frame, key, ControlChannel.FROM_RECEIVER)) {
                endHandshake();
                coordinator.events().warn("refused receiver " + who + ": wrong secret (it could not prove it knows "
                        + "the secret of --secret-file)");
                closeAfter(sendUnauthenticated(new ControlMessage.Refused(Refusal.AUTH.code(),
                        "wrong secret: use the same --secret-file as the sender")));
                return;
            }
        }
        Optional<String> invalid = validate(register).or(() -> uncertified(register));
        if (invalid.isPresent()) {
            refuse(Refusal.INVALID, who, invalid.get());
            return;
        }
        Registration registration = new Registration(register.id(), register.cluster(), register.host(),
                register.port(), remote);
        endHandshake();
        Roster.Admitted admitted = coordinator.admit(register, registration, this);
        if (admitted.session() == null) {
            refuse(admitted.refusal(), who, admitted.reason());
            return;
        }
        session = admitted.session();
        ctx.pipeline().addFirst(new SilenceWatch(session, coordinator.silence()));
        send(new ControlMessage.Accepted(admitted.count(), coordinator.expected(), admitted.rejoined()));
        coordinator.accepted(session, admitted);
    }

    /** A receiver turned the offer down; an authentic decline ends the wait for receivers. */
    private void declined(ControlChannel.Frame frame, ControlMessage.Decline decline) throws IOException {
        endHandshake();
        String who = (decline.id() == null ? "?" : decline.id()) + " at " + remote;
        if (secret != null && !ControlSupport.verifyFrame(frame, secret.sessionKey(nonce,
                ControlSupport.decodeNonce(decline.nonce())), ControlChannel.FROM_RECEIVER)) {
            coordinator.events().warn("ignored a decline from " + who + ": wrong secret");
        } else {
            reception.declined(who, decline.reason() == null ? "no reason given" : decline.reason());
        }
        closeNow();
    }

    private void refuse(Refusal code, String who, String reason) {
        endHandshake();
        coordinator.events().warn("refused receiver " + who + ": " + reason);
        closeAfter(send(new ControlMessage.Refused(code.code(), reason)));
    }

    private static Optional<String> validate(ControlMessage.Register r) {
        if (r.id() == null || r.id().isBlank() || r.id().length() > 256) {
            return Optional.of("a receiver id must be 1 to 256 characters");
        }
        if (r.cluster() == null || r.cluster().isBlank() || r.cluster().length() > 256) {
            return Optional.of("a cluster name must be 1 to 256 characters");
        }
        if (r.host() == null || r.host().isBlank() || r.port() < 1 || r.port() > 65535) {
            return Optional.of("its data address " + r.host() + ":" + r.port() + " is not a valid host and port");
        }
        return Optional.empty();
    }

    /** With TLS: why the receiver's certificate does not name the id it registers, if it does not. */
    private Optional<String> uncertified(ControlMessage.Register register) {
        if (!tls) {
            return Optional.empty();
        }
        Set<String> names;
        try {
            names = TlsIdentity.peerNames(ctx.pipeline().get(SslHandler.class).engine().getSession());
        } catch (SSLPeerUnverifiedException e) {
            return Optional.of("it presented no TLS certificate");
        }
        return names.contains(register.id()) ? Optional.empty()
                : Optional.of("its certificate is for " + String.join(", ", names) + ", not for member id '"
                        + register.id() + "': leave out --id (the certificate's name is the default with TLS) or "
                        + "use a certificate issued for that id");
    }

    /**
     * A registered receiver's progress and outcome. Its first outcome is final: the sender and the other
     * receivers may have been told already that it failed, so a later one is ignored.
     */
    private void follow(ControlChannel.Frame frame) throws IOException {
        if (key != null && !ControlSupport.verifyFrame(frame, key, ControlChannel.FROM_RECEIVER)) {
            throw new ControlChannel.MalformedControlFrame("sent a frame whose MAC does not match the shared secret");
        }
        ControlMessage message = ControlChannel.parse(frame);
        if (message instanceof ControlMessage.Progress p) {
            session.progress(p.bytes());
        } else if (message instanceof ControlMessage.Done d && session.done() == null) {
            session.done(d);
            if (!d.ok()) {
                coordinator.failed(session, d.error() == null ? "it failed" : d.error());
            }
            coordinator.resolved();
        }
    }

    /** The whole handshake, however many reads it took, must end within the handshake timeout. */
    private void handshakeExpired() {
        if (handshaking) {
            fail((greeted ? "did not register within " : "did not greet within ")
                    + Coordinator.HANDSHAKE_TIMEOUT.toSeconds() + " s");
        }
    }

    /**
     * Too many connections are greeting and this one, the oldest, gives way: it is told so (a real
     * receiver retries, or says why it stopped) and closed.
     */
    void evict() {
        if (!handshaking) {
            return;
        }
        endHandshake();
        reception.dropped(remote, "gave way to newer connections: too many had not registered");
        ControlMessage.Refused busy = new ControlMessage.Refused(Refusal.BUSY.code(), "the coordinator is busy with "
                + "connections that have not registered (a flood?); try again");
        closeAfter(greeted && secret != null ? sendUnauthenticated(busy) : send(busy));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        Throwable e = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (e instanceof ControlChannel.MalformedControlFrame || session == null) {
            fail(ControlSupport.describe(e));
        } else {
            fail(null);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        if (handshaking) {
            drop(failure != null ? failure : "closed the connection before registering");
        } else if (session != null && failure != null) {
            coordinator.lost(session, this, failure);
        } else if (session != null) {
            coordinator.disconnected(session, this, "its connection closed: the process ended or its machine went away");
        }
    }

    /** Ends the connection; {@code why} (null: the connection closed) is what is reported. */
    void fail(String why) {
        if (failure == null) {
            failure = why;
        }
        closeNow();
    }

    private void drop(String why) {
        if (handshaking) {
            endHandshake();
            reception.dropped(remote, why);
        }
        closeNow();
    }

    /** Closes the connection now; nothing more is read from it. */
    private void closeNow() {
        closing = true;
        ctx.close();
    }

    /** Closes the connection once {@code last} is sent; nothing more is read from it. */
    private void closeAfter(ChannelFuture last) {
        closing = true;
        last.addListener(ChannelFutureListener.CLOSE);
    }

    private void endHandshake() {
        if (handshaking) {
            handshaking = false;
            deadline.cancel(false);
            reception.handshakeEnded(this);
        }
    }

    /** Sends a frame, with its MAC once the session key is known; the future fails when it cannot be sent. */
    ChannelFuture send(ControlMessage message) {
        return write(message, key == null ? null
                : payload -> ControlSupport.frameMac(key, ControlChannel.FROM_COORDINATOR, sentFrames, payload));
    }

    /**
     * Sends a frame with an all-zero MAC: the refusal to a peer whose key is wrong, which could not check
     * a real MAC anyway. It keeps the framing, so the peer can read why it was refused.
     */
    private ChannelFuture sendUnauthenticated(ControlMessage message) {
        return write(message, payload -> new byte[ControlSupport.MAC_BYTES]);
    }

    private ChannelFuture write(ControlMessage message, UnaryOperator<byte[]> mac) {
        byte[] payload = ControlCodec.encode(message);
        byte[] tag = mac == null ? null : mac.apply(payload);
        ByteBuf frame = ctx.alloc().buffer(Integer.BYTES + payload.length + (tag == null ? 0 : tag.length));
        frame.writeInt(payload.length).writeBytes(payload);
        if (tag != null) {
            frame.writeBytes(tag);
        }
        sentFrames++;
        return ctx.writeAndFlush(frame);
    }

    /** Flushes what was sent, then closes this side's output: the receiver reads every frame before the end. */
    void shutdownOutput() {
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(f ->
                ((SocketChannel) ctx.channel()).shutdownOutput());
    }

    ChannelFuture closeFuture() {
        return ctx.channel().closeFuture();
    }

    void close() {
        closeNow();
    }
}

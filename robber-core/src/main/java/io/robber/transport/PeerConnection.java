package io.robber.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;
import io.robber.wire.Auth;
import io.robber.wire.Handshake;
import io.robber.wire.KeepAlive;
import io.robber.wire.Message;
import io.robber.wire.PieceFrame;
import io.robber.wire.PieceStart;
import io.robber.wire.WireCodec;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import javax.net.ssl.SSLException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One TCP connection to a peer: exchanges handshakes (each with a fresh nonce), checks with TLS that
 * the peer's certificate names the member it claims to be, then proofs of the group's secret
 * ({@link Auth}), then hands frames to the node. Any broken frame or failed check
 * closes this connection with one log line; the node carries on. A connection that is not admitted
 * within the {@linkplain TransportOptions#handshakeTimeout() handshake timeout} is closed. Once admitted,
 * a {@link PeerIdleHandler} in front of it sends keep-alives when this side has nothing else to say and
 * reports a peer that says nothing at all.
 */
final class PeerConnection extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(PeerConnection.class);
    private final PeerLinks links;
    private final PeerHandshake handshake;
    private final FrameDecoder decoder;
    /** The member this side dialled, or -1 on an accepted connection. */
    private final int dialled;
    private final byte[] nonce = PeerHandshake.newNonce();
    /** The peer's member index once its handshake passed the checks. */
    private int peer = -1;
    private boolean admitted;
    /** The connection failed a check or broke and is closing: frames still decoded from its last read are dropped. */
    private boolean closing;
    private boolean dialFailureReported;

    PeerConnection(PeerLinks links, PeerHandshake handshake, FrameDecoder decoder, int dialled) {
        this.links = links;
        this.handshake = handshake;
        this.decoder = decoder;
        this.dialled = dialled;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(WireCodec.encode(ctx.alloc(), handshake.ours(nonce)));
        long timeoutMillis = links.handshakeTimeout().toMillis();
        ctx.executor().schedule(() -> {
            if (!admitted && ctx.channel().isActive()) {
                LOG.warn("{}: closing connection with {}: no valid handshake within {} ms", links.selfId(),
                        ctx.channel().remoteAddress(), timeoutMillis);
                ctx.close();
            }
        }, timeoutMillis, TimeUnit.MILLISECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (closing) {
            releasePiece(msg);
            return;
        }
        if (!admitted) {
            try {
                authenticate(ctx, msg);
            } finally {
                releasePiece(msg);
            }
            return;
        }
        if (msg == KeepAlive.INSTANCE) {
            return;
        }
        if (links.channel(peer) != ctx.channel()) {
            releasePiece(msg);
        } else if (msg instanceof Message m) {
            links.listener().onMessage(peer, m);
        } else if (msg instanceof PieceFrame p) {
            links.listener().onPiece(peer, p);
        } else if (msg instanceof PieceStart s) {
            links.listener().onPieceStart(peer, s);
        } else {
            throw new HandshakeException("unexpected " + msg.getClass().getSimpleName() + " after the handshake");
        }
    }

    /** Frees the data of a piece frame that nobody will take: before admission, or on a replaced connection. */
    private static void releasePiece(Object msg) {
        if (msg instanceof PieceFrame p) {
            ReferenceCountUtil.release(p.data());
        }
    }

    /** Handshake, then proof: answer the peer's nonce once its handshake checks out, then check its answer to ours. */
    private void authenticate(ChannelHandlerContext ctx, Object msg) {
        if (peer < 0) {
            if (!(msg instanceof Handshake h)) {
                throw new HandshakeException("expected a handshake, got " + msg.getClass().getSimpleName());
            }
            int claimed = handshake.check(h, dialled);
            handshake.checkCertificate(ctx.pipeline().get(SslHandler.class), claimed);
            peer = claimed;
            ctx.writeAndFlush(WireCodec.encode(ctx.alloc(), handshake.prove(h.nonce(), peer)));
            return;
        }
        if (!(msg instanceof Auth auth)) {
            throw new HandshakeException("expected the proof of the secret, got " + msg.getClass().getSimpleName());
        }
        if (!handshake.verify(auth, nonce, peer)) {
            throw new HandshakeException("wrong secret");
        }
        admitted = true;
        links.admit(peer, ctx.channel());
        decoder.acceptLargeFrames();
        ctx.pipeline().addFirst(links.idleDetection(peer));
    }

    /** A failed TLS handshake says why here; the connection then closes. */
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof SslHandshakeCompletionEvent tls && !tls.isSuccess()) {
            if (tls.cause() instanceof ClosedChannelException) {
                reportDialFailure("connection closed during the TLS handshake");
            } else {
                LOG.warn("{}: TLS handshake with {} failed: {}", links.selfId(), ctx.channel().remoteAddress(),
                        describe(tls.cause()));
                reportDialFailure("TLS handshake failed: " + describe(tls.cause()));
            }
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (admitted && ctx.channel().isWritable()) {
            links.listener().onWritable(peer);
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (admitted) {
            links.dropped(peer, ctx.channel());
        } else {
            reportDialFailure("connection closed during the handshake");
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (closing) {
            return;
        }
        closing = true;
        if (cause instanceof HandshakeException) {
            LOG.warn("{}: refused {}{}: {}", links.selfId(), ctx.channel().remoteAddress(),
                    peer >= 0 ? " (as member " + links.memberId(peer) + ")" : "", cause.getMessage());
            reportDialFailure("refused: " + cause.getMessage());
        } else if (cause instanceof IOException || cause.getCause() instanceof SSLException) {
            LOG.debug("{}: connection with {} failed: {}", links.selfId(), who(ctx), describe(cause));
        } else {
            LOG.warn("{}: closing connection with {}: {}", links.selfId(), who(ctx), describe(cause));
        }
        ctx.close();
    }

    /** Once per connection, so that a failed dial is retried once and its first cause is kept. */
    private void reportDialFailure(String reason) {
        if (dialled >= 0 && !admitted && !dialFailureReported) {
            dialFailureReported = true;
            links.dialFailed(dialled, reason);
        }
    }

    private String who(ChannelHandlerContext ctx) {
        return admitted ? "member " + links.memberId(peer) : String.valueOf(ctx.channel().remoteAddress());
    }

    private static String describe(Throwable cause) {
        Throwable root = cause;
        while (root.getCause() != null && (root.getMessage() == null || root instanceof DecoderException)) {
            root = root.getCause();
        }
        return root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
    }
}

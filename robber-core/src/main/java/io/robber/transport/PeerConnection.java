package io.robber.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.util.ReferenceCountUtil;
import io.robber.wire.Handshake;
import io.robber.wire.Message;
import io.robber.wire.PieceFrame;
import io.robber.wire.WireCodec;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One TCP connection to a peer: exchanges handshakes, then hands frames to the node. Any broken
 * frame or failed check closes this connection with one log line; the node carries on.
 */
final class PeerConnection extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(PeerConnection.class);

    private final PeerLinks links;
    private final FrameDecoder decoder;
    /** The member this side dialled, or -1 on an accepted connection. */
    private final int dialled;
    private int peer = -1;

    PeerConnection(PeerLinks links, FrameDecoder decoder, int dialled) {
        this.links = links;
        this.decoder = decoder;
        this.dialled = dialled;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(WireCodec.encode(ctx.alloc(), links.handshake()));
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (peer < 0) {
            try {
                if (!(msg instanceof Handshake h)) {
                    throw new HandshakeException("expected a handshake, got " + msg.getClass().getSimpleName());
                }
                peer = links.admit(h, dialled, ctx.channel());
                decoder.acceptLargeFrames();
            } finally {
                ReferenceCountUtil.release(msg instanceof PieceFrame p ? p.data() : null);
            }
            return;
        }
        if (msg instanceof Message m) {
            links.listener().onMessage(peer, m);
        } else if (msg instanceof PieceFrame p) {
            links.listener().onPiece(peer, p);
        } else {
            throw new HandshakeException("unexpected second handshake");
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (peer >= 0 && ctx.channel().isWritable()) {
            links.listener().onWritable(peer);
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (peer >= 0) {
            links.dropped(peer, ctx.channel());
        } else if (dialled >= 0) {
            links.dialFailed(dialled, "connection closed during the handshake");
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        String who = peer >= 0 ? "member " + links.memberId(peer) : String.valueOf(ctx.channel().remoteAddress());
        if (cause instanceof HandshakeException && dialled >= 0) {
            links.dialFailed(dialled, cause.getMessage());
        }
        if (cause instanceof IOException) {
            LOG.debug("{}: connection with {} failed: {}", links.selfId(), who, describe(cause));
        } else {
            LOG.warn("{}: closing connection with {}: {}", links.selfId(), who, describe(cause));
        }
        ctx.close();
    }

    private static String describe(Throwable cause) {
        Throwable root = cause;
        while (root.getCause() != null && (root.getMessage() == null || root instanceof DecoderException)) {
            root = root.getCause();
        }
        return root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
    }
}

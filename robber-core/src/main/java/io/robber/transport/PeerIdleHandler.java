package io.robber.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.robber.wire.KeepAlive;
import io.robber.wire.WireCodec;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Watches an admitted connection for idleness, handling its own events as Netty's
 * {@code ReadTimeoutHandler} does: a node that has written nothing on it for a third of the failure
 * timeout sends a {@link KeepAlive}, so a connection on which nothing at all arrives for the failure
 * timeout belongs to a frozen peer (e.g. a stopped process, whose sockets stay open), which is
 * reported to {@link PeerLinks#silent}. Not while this side has stopped reading (the
 * {@link PieceBudget} pausing the socket): that says nothing about the peer.
 */
final class PeerIdleHandler extends IdleStateHandler {
    /** Keep-alives a quiet node sends per failure timeout, so that a late one or two do not matter. */
    private static final int KEEP_ALIVES_PER_TIMEOUT = 3;

    private final PeerLinks links;
    private final int peer;

    PeerIdleHandler(PeerLinks links, int peer, Duration failureTimeout) {
        super(failureTimeout.toNanos(), failureTimeout.toNanos() / KEEP_ALIVES_PER_TIMEOUT, 0, TimeUnit.NANOSECONDS);
        this.links = links;
        this.peer = peer;
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent event) {
        if (event.state() == IdleState.WRITER_IDLE) {
            ctx.channel().writeAndFlush(WireCodec.encode(ctx.alloc(), KeepAlive.INSTANCE));
        } else if (event.state() == IdleState.READER_IDLE && ctx.channel().config().isAutoRead()) {
            links.silent(peer, ctx.channel());
        }
    }
}

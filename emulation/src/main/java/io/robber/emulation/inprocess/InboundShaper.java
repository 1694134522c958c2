package io.robber.emulation.inprocess;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;

/**
 * The receiving side of an emulated link: each buffer read from the socket crosses the
 * receiver-side links of its path (cluster in, node in) before it goes up the pipeline. While one
 * waits, the channel stops reading (auto-read off, and read requests from handlers above are held
 * back), so the socket buffers fill and TCP's own flow control slows the sender, as a congested
 * access link would. At most the buffers of one read loop are held.
 */
final class InboundShaper extends ChannelDuplexHandler {
    private final BucketPath path;
    private final ArrayDeque<ByteBuf> held = new ArrayDeque<>();
    /** The head of {@link #held} is crossing the path. */
    private boolean crossing;
    /** {@link #drain} is on the stack; a buffer that crossed at once must not call it again. */
    private boolean draining;
    private boolean removed;

    InboundShaper(BucketPath path) {
        this.path = path;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf buf)) {
            ctx.fireChannelRead(msg);
            return;
        }
        held.add(buf);
        drain(ctx);
    }

    private void drain(ChannelHandlerContext ctx) {
        boolean outer = draining;
        draining = true;
        while (!crossing && !removed && !held.isEmpty()) {
            crossing = true;
            path.pass(ctx.executor(), held.peek().readableBytes(), () -> crossed(ctx));
        }
        draining = outer;
        if (!removed) {
            ctx.channel().config().setAutoRead(!crossing);
        }
    }

    private void crossed(ChannelHandlerContext ctx) {
        crossing = false;
        if (removed) {
            return;
        }
        ctx.fireChannelRead(held.poll());
        if (!draining) {
            drain(ctx);
            // Handlers above (a decoder, flush consolidation) act on read-complete after each batch.
            ctx.fireChannelReadComplete();
        }
    }

    /** Holds back reads that handlers above request (a decoder does so when auto-read is off). */
    @Override
    public void read(ChannelHandlerContext ctx) {
        if (!crossing) {
            ctx.read();
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        removed = true;
        for (ByteBuf buf; (buf = held.poll()) != null; ) {
            ReferenceCountUtil.release(buf);
        }
    }
}

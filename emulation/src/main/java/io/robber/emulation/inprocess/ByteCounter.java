package io.robber.emulation.inprocess;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the raw bytes received over one directed cluster pair — payload, headers and control
 * messages alike — so a report can show what crossed the WAN into each cluster. One instance serves
 * every connection of its pair.
 */
@ChannelHandler.Sharable
final class ByteCounter extends ChannelInboundHandlerAdapter {
    private final LongAdder bytes = new LongAdder();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
            bytes.add(buf.readableBytes());
        }
        ctx.fireChannelRead(msg);
    }

    long bytes() {
        return bytes.sum();
    }
}

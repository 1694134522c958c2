package io.robber.emulation.runner;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.channel.FileRegion;
import io.robber.api.Member;
import io.robber.transport.LinkCustomizer;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts every byte every node sends and receives on every connection — payload, headers and
 * control messages — for the communication overhead of the Robber paper's §4.4
 * ({@link RunResult#overheadPercent}).
 */
final class WireCounter implements LinkCustomizer {
    private final LongAdder bytes = new LongAdder();

    @Override
    public void customize(Member self, Member peer, ChannelPipeline pipeline) {
        pipeline.addFirst(new Counting());
    }

    /** B: bytes sent plus bytes received, summed over all nodes. */
    long sentAndReceived() {
        return bytes.sum();
    }

    @ChannelHandler.Sharable
    private final class Counting extends ChannelDuplexHandler {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            bytes.add(size(msg));
            ctx.fireChannelRead(msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            bytes.add(size(msg));
            ctx.write(msg, promise);
        }

        private long size(Object msg) {
            if (msg instanceof ByteBuf b) {
                return b.readableBytes();
            }
            if (msg instanceof ByteBufHolder h) {
                return h.content().readableBytes();
            }
            if (msg instanceof FileRegion r) {
                return r.count();
            }
            return 0;
        }
    }
}

package io.robber.emulation.inprocess;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.util.ReferenceCountUtil;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The one-way propagation delay of an emulated link: every write goes to the socket {@code delay}
 * after it arrived, in order. It models the wire, so a write completes when it enters the line,
 * and the line holds at most what the shaper in front of it lets through in one delay (rate ×
 * delay plus one burst). A close waits until the line is empty, as a TCP close delivers what was
 * sent before it; writes after the close fail.
 */
final class DelayLine extends ChannelOutboundHandlerAdapter {
    private final long delayNanos;
    private final ArrayDeque<InFlight> line = new ArrayDeque<>();
    private ChannelPromise closing;
    private boolean timerSet;

    private record InFlight(Object msg, long due) {
    }

    DelayLine(long delayNanos) {
        this.delayNanos = delayNanos;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (closing != null) {
            ReferenceCountUtil.release(msg);
            promise.tryFailure(new ClosedChannelException());
            return;
        }
        line.add(new InFlight(msg, System.nanoTime() + delayNanos));
        promise.trySuccess();
        armTimer(ctx);
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        if (line.isEmpty()) {
            ctx.close(promise);
        } else if (closing == null) {
            closing = promise;
        } else {
            ctx.channel().closeFuture().addListener(f -> promise.trySuccess());
        }
    }

    private void armTimer(ChannelHandlerContext ctx) {
        if (!timerSet && !line.isEmpty()) {
            timerSet = true;
            long wait = line.peek().due() - System.nanoTime();
            ctx.executor().schedule(() -> release(ctx), wait, TimeUnit.NANOSECONDS);
        }
    }

    private void release(ChannelHandlerContext ctx) {
        timerSet = false;
        if (ctx.isRemoved()) {
            return;
        }
        long now = System.nanoTime();
        boolean any = false;
        while (!line.isEmpty() && line.peek().due() <= now) {
            // No listener: a write that fails on the socket closes the channel by itself.
            ctx.write(line.poll().msg());
            any = true;
        }
        if (any) {
            ctx.flush();
        }
        if (line.isEmpty() && closing != null) {
            ctx.close(closing);
        }
        armTimer(ctx);
    }

    /** The channel is closed: what is still on the line is lost, as on a reset connection. */
    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        for (InFlight f; (f = line.poll()) != null; ) {
            ReferenceCountUtil.release(f.msg());
        }
        if (closing != null) {
            closing.trySuccess();
        }
    }
}

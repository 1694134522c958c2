package io.robber.testkit;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandler;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.ArrayList;
import java.util.List;

/**
 * Stands in a pipeline for an inbound handler and passes it every event, keeping what went wrong on
 * the way: the exceptions its reads threw and those that reached it from the handlers before it.
 * Netty hands both to the handler's {@code exceptionCaught}, which this one still does; a handler that
 * closes the connection on any exception hides their types, which a test needs to tell a refusal from
 * a bug.
 */
public final class WatchedHandler extends ChannelInboundHandlerAdapter {
    private final ChannelInboundHandler handler;
    private final List<Throwable> failures = new ArrayList<>();

    public WatchedHandler(ChannelInboundHandler handler) {
        this.handler = handler;
    }

    public List<Throwable> failures() {
        return failures;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        handler.channelActive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        try {
            handler.channelRead(ctx, msg);
        } catch (Exception e) {
            exceptionCaught(ctx, e);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        handler.channelReadComplete(ctx);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        handler.channelWritabilityChanged(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        handler.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
        failures.add(cause);
        handler.exceptionCaught(ctx, cause);
    }
}

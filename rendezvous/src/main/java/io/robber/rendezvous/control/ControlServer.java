package io.robber.rendezvous.control;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.robber.rendezvous.Addresses;
import io.robber.rendezvous.ConfigurationException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/** The coordinator's listening socket: bound on its loop, or a line that says what to do instead. */
final class ControlServer {
    private ControlServer() {
    }

    /**
     * Binds {@code address} on {@code group}, each accepted connection set up by {@code children}.
     *
     * @throws ConfigurationException when the address is in use or not local ({@code group} is shut down)
     */
    static Channel bind(EventLoopGroup group, InetSocketAddress address, ChannelHandler children) {
        ChannelFuture bound = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 128)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childHandler(children)
                .bind(address)
                .awaitUninterruptibly();
        if (bound.isSuccess()) {
            return bound.channel();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        Throwable e = bound.cause();
        if (e instanceof BindException) {
            throw new ConfigurationException("cannot listen on " + Addresses.format(address) + " ("
                    + e.getMessage() + "): the port is in use or the address is not on this machine; pick another "
                    + "--listen address or port, or stop the process that holds it");
        }
        throw new ConfigurationException("cannot listen on " + Addresses.format(address) + ": "
                + ControlSupport.describe(e));
    }
}

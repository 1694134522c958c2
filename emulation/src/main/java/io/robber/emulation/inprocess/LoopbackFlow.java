package io.robber.emulation.inprocess;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.ReferenceCountUtil;
import io.robber.api.Member;
import io.robber.transport.LinkCustomizer;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * One raw TCP connection on loopback between two members, each end customized as the transport
 * would ({@link LinkCustomizer#customize} on both ends). The receiver counts bytes; {@link #pump()}
 * makes the sender write as fast as the channel stays writable.
 */
public final class LoopbackFlow implements AutoCloseable {
    private static final int LARGEST_WRITE = 1 << 20;
    private static final ByteBuf PAYLOAD = Unpooled.unreleasableBuffer(Unpooled.directBuffer(LARGEST_WRITE)
            .writeZero(LARGEST_WRITE));

    private final Channel server;
    private final Channel client;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong written = new AtomicLong();

    private LoopbackFlow(EventLoopGroup loops, LinkCustomizer links, Member from, Member to,
                         Consumer<ChannelPipeline> receiver) {
        server = new ServerBootstrap().group(loops).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        links.customize(to, from, ch.pipeline());
                        if (receiver == null) {
                            ch.pipeline().addLast(new Counter());
                        } else {
                            receiver.accept(ch.pipeline());
                        }
                    }
                }).bind("127.0.0.1", 0).syncUninterruptibly().channel();
        client = new Bootstrap().group(loops).channel(NioSocketChannel.class)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        links.customize(from, to, ch.pipeline());
                        ch.pipeline().addLast(new Pump());
                    }
                }).connect(server.localAddress()).syncUninterruptibly().channel();
    }

    /** A flow whose receiver counts and discards what arrives. */
    public static LoopbackFlow open(EventLoopGroup loops, LinkCustomizer links, Member from, Member to) {
        return new LoopbackFlow(loops, links, from, to, null);
    }

    /** A flow whose receiver pipeline {@code receiver} completes (after the emulation's handlers). */
    public static LoopbackFlow open(EventLoopGroup loops, LinkCustomizer links, Member from, Member to,
                             Consumer<ChannelPipeline> receiver) {
        return new LoopbackFlow(loops, links, from, to, receiver);
    }

    public Channel client() {
        return client;
    }

    public long received() {
        return received.get();
    }

    /** Bytes the pump has written into the sender's pipeline. */
    public long written() {
        return written.get();
    }

    /** From now on the sender writes 64 KiB buffers whenever its channel is writable. */
    public void pump() {
        pump(64 * 1024);
    }

    /** From now on the sender writes buffers of {@code writeSize} (at most 1 MiB) whenever its channel is writable. */
    public void pump(int writeSize) {
        client.eventLoop().execute(() -> client.pipeline().get(Pump.class).writeSize = writeSize);
        client.pipeline().fireChannelWritabilityChanged();
    }

    @Override
    public void close() {
        client.close().syncUninterruptibly();
        server.close().syncUninterruptibly();
    }

    private final class Counter extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            received.addAndGet(((ByteBuf) msg).readableBytes());
            ReferenceCountUtil.release(msg);
        }
    }

    private final class Pump extends ChannelInboundHandlerAdapter {
        int writeSize;

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            Channel ch = ctx.channel();
            while (writeSize > 0 && ch.isActive() && ch.isWritable()) {
                ch.writeAndFlush(PAYLOAD.slice(0, writeSize));
                written.addAndGet(writeSize);
            }
            ctx.fireChannelWritabilityChanged();
        }
    }
}

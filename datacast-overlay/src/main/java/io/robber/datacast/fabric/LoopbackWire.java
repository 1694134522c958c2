package io.robber.datacast.fabric;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The fabric's links as TCP connections on loopback: every node, switch or server, listens on its own
 * address ({@link #address}) and each link is one connection between its two ends, each end writing
 * its arc's packets as {@link PacketFrames}. A packet a port has transmitted is written at once; it is
 * delivered at the far end at its arrival time (the link's propagation delay later), the
 * {@link WallClockPacer} holding the clock back until it has come off the socket.
 *
 * <p>Framed TCP rather than datagrams: a batch of frames is one write and one read (the machine has
 * few cores, and a data packet crosses some twenty links), and the kernel drops nothing, so every
 * loss is one the fabric emulates (its queues, loss rates and links down) and is counted.
 */
final class LoopbackWire implements Wire {
    /** Nodes are numbered 127.2.(i / 250).(i % 250 + 1). */
    static final int MAX_NODES = 250 * 256;
    private static final int MAX_FRAME = 1 << 20;

    private final Network network;
    private final VirtualClock clock;
    private final PacketFrames frames;
    private final Channel[] arcChannels;
    private final List<Channel> servers = new ArrayList<>();
    private final BitSet dirty = new BitSet();
    private final Map<InetAddress, Integer> nodeByAddress = new HashMap<>();
    private WallClockPacer pacer;
    private Fabric fabric;
    private CountDownLatch connected;
    private long bytesWritten;
    private long framesWritten;
    private long flushes;

    LoopbackWire(Network network, VirtualClock clock, PacketFrames frames) {
        if (network.nodeCount() > MAX_NODES) {
            throw new IllegalArgumentException("the loopback fabric numbers at most " + MAX_NODES + " nodes, not "
                    + network.nodeCount());
        }
        this.network = network;
        this.clock = clock;
        this.frames = frames;
        this.arcChannels = new Channel[network.arcCount()];
    }

    /** Node {@code node}'s address: 127.2.x.y. */
    static InetAddress address(int node) {
        try {
            return InetAddress.getByAddress(new byte[] {127, 2, (byte) (node / 250), (byte) (node % 250 + 1)});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    void attach(Fabric deliverTo, WallClockPacer clockPacer) {
        this.fabric = deliverTo;
        this.pacer = clockPacer;
    }

    /** Binds every node's address and connects every link, on {@code loop}; blocks until done. */
    void connect(EventLoop loop, Duration timeout) throws InterruptedException {
        connected = new CountDownLatch(2 * network.linkCount());
        InetSocketAddress[] listening = new InetSocketAddress[network.nodeCount()];
        for (int node = 0; node < network.nodeCount(); node++) {
            InetAddress address = address(node);
            nodeByAddress.put(address, node);
            int self = node;
            ChannelFuture bind = new ServerBootstrap().group(loop, loop).channel(NioServerSocketChannel.class)
                    .childHandler(initializer(self, -1))
                    .bind(new InetSocketAddress(address, 0)).sync();
            servers.add(bind.channel());
            listening[node] = (InetSocketAddress) bind.channel().localAddress();
        }
        for (int link = 0; link < network.linkCount(); link++) {
            int a = network.link(link).a().index();
            int b = network.link(link).b().index();
            new Bootstrap().group(loop).channel(NioSocketChannel.class).handler(initializer(a, b))
                    .connect(listening[b], new InetSocketAddress(address(a), 0)).sync();
        }
        if (!connected.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new UncheckedIOException(new IOException("the loopback fabric's " + network.linkCount()
                    + " links did not all connect within " + timeout));
        }
    }

    /** A link's end at {@code self}; {@code peer} is −1 on the accepting side until the peer's address names it. */
    private ChannelInitializer<SocketChannel> initializer(int self, int peer) {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.config().setTcpNoDelay(true);
                ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(MAX_FRAME, 0, 4, 0, 4), new LinkEnd(self, peer));
            }
        };
    }

    /** One end of a link: writes its outgoing arc, reads the packets arriving at its node. */
    private final class LinkEnd extends SimpleChannelInboundHandler<ByteBuf> {
        private final int self;
        private int peer;
        private int arcIn;

        LinkEnd(int self, int peer) {
            this.self = self;
            this.peer = peer;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            if (peer < 0) {
                Integer from = nodeByAddress.get(((InetSocketAddress) ctx.channel().remoteAddress()).getAddress());
                peer = from == null ? -1 : from;
            }
            int link = peer < 0 ? -1 : network.linkBetween(self, peer);
            if (link < 0) {
                ctx.close();
                return;
            }
            arcChannels[network.arc(link, self)] = ctx.channel();
            arcIn = network.arc(link, peer);
            connected.countDown();
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
            PacketFrames.Frame read = frames.read(frame);
            Packet packet = read.packet();
            pacer.received(read.arrivalNanos(), () -> {
                if (fabric.port(arcIn).isUp()) {
                    fabric.deliver(self, packet);
                }
            });
        }
    }

    @Override
    public void carry(int arc, Packet packet) {
        Channel channel = arcChannels[arc];
        long arrival = clock.now() + network.link(Network.linkOf(arc)).profile().delayNanos();
        ByteBuf out = channel.alloc().buffer(packet.sizeBytes() + 64);
        frames.write(arrival, packet, out);
        bytesWritten += out.readableBytes();
        framesWritten++;
        channel.write(out, channel.voidPromise());
        dirty.set(arc);
        pacer.sent(arrival);
    }

    /** Flushes the connections written to since the last flush. */
    void flush() {
        for (int arc = dirty.nextSetBit(0); arc >= 0; arc = dirty.nextSetBit(arc + 1)) {
            arcChannels[arc].flush();
            flushes++;
        }
        dirty.clear();
    }

    /** The bytes written on the sockets: frames, headers and payloads. */
    long bytesWritten() {
        return bytesWritten;
    }

    long framesWritten() {
        return framesWritten;
    }

    /** Flushes of a connection, each one socket write of the frames written to it since the last. */
    long flushes() {
        return flushes;
    }

    void close() {
        for (Channel channel : arcChannels) {
            if (channel != null) {
                channel.close();
            }
        }
        servers.forEach(Channel::close);
    }
}

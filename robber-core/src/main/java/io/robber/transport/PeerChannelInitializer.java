package io.robber.transport;

import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.flush.FlushConsolidationHandler;

/**
 * The pipeline of a new connection to a peer, dialled or accepted: the socket's tuning (the write
 * buffer's water marks, no Nagle delay, reads that grow to a piece), TLS when the node has a
 * {@linkplain TransportOptions#tls() TLS identity}, writes merged into few flushes,
 * the {@link FrameDecoder} and the {@link PeerConnection} that admits the peer. The runtime tracks the
 * socket, so that closing the runtime closes it.
 */
final class PeerChannelInitializer extends ChannelInitializer<SocketChannel> {
    /** Socket reads adapt between these sizes; they grow to 1 MiB, so a large piece takes few reads. */
    private static final int MIN_READ = 512;
    private static final int INITIAL_READ = 64 << 10;
    private static final int MAX_READ = 1 << 20;

    private final PeerLinks links;
    private final PeerHandshake handshake;
    private final TransportOptions transport;
    /** The member this side dials, or -1 for the connections the listening socket accepts. */
    private final int dialled;

    PeerChannelInitializer(PeerLinks links, PeerHandshake handshake, TransportOptions transport, int dialled) {
        this.links = links;
        this.handshake = handshake;
        this.transport = transport;
        this.dialled = dialled;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        ch.config().setWriteBufferWaterMark(transport.writeBuffer());
        ch.config().setTcpNoDelay(true);
        ch.config().setRecvByteBufAllocator(new AdaptiveRecvByteBufAllocator(MIN_READ, INITIAL_READ, MAX_READ));
        if (transport.tls() != null) {
            ch.pipeline().addLast(transport.tls().newHandler(ch.alloc(), dialled >= 0));
        }
        FrameDecoder decoder = new FrameDecoder();
        ch.pipeline().addLast(new FlushConsolidationHandler(transport.flushLimit(), true), decoder,
                new PeerConnection(links, handshake, decoder, dialled));
        transport.runtime().track(ch);
    }
}

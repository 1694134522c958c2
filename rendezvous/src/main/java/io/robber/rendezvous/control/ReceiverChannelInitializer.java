package io.robber.rendezvous.control;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.OptionalSslHandler;
import io.robber.rendezvous.Trust;

/**
 * The pipeline of a receiver's new control connection on the coordinator: with TLS, a gate that tells
 * TLS from plain connections (a plain one is answered with a refusal it can read, see
 * {@link ReceiverConnection}), then the {@link ControlFrameDecoder} and the {@link ReceiverConnection}.
 */
final class ReceiverChannelInitializer extends ChannelInitializer<SocketChannel> {
    private final Coordinator coordinator;
    private final Trust trust;
    private final int version;

    ReceiverChannelInitializer(Coordinator coordinator, Trust trust, int version) {
        this.coordinator = coordinator;
        this.trust = trust;
        this.version = version;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        if (trust.tls() != null) {
            ch.pipeline().addLast(new OptionalSslHandler(trust.tls().serverContext()));
        }
        ch.pipeline()
                .addLast(new ControlFrameDecoder(trust.secret() != null))
                .addLast(coordinator.receiverConnection(trust, version));
    }
}

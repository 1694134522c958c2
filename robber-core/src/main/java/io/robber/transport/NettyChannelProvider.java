package io.robber.transport;

import io.robber.api.ChannelConfig;
import io.robber.api.ChannelProvider;
import io.robber.api.MulticastChannel;

/** Registers the Netty transport for {@link MulticastChannel#open(ChannelConfig)}, with the default tuning. */
public final class NettyChannelProvider implements ChannelProvider {

    @Override
    public MulticastChannel open(ChannelConfig config) {
        return RobberTransport.open(config, TransportOptions.defaults());
    }
}

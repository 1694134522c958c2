package io.robber.transport;

import io.robber.api.ChannelConfig;
import io.robber.api.MulticastChannel;

/**
 * The Netty transport's entry point, for callers that tune it: share a {@link RobberRuntime} among
 * many nodes of one JVM, add handlers per connection (network emulation) or change buffers and
 * timeouts. {@link MulticastChannel#open(ChannelConfig)} opens the same channel with
 * {@link TransportOptions#defaults()}.
 */
public final class RobberTransport {
    private RobberTransport() {
    }

    /** Opens this node's channel: binds its address (blocking) and starts connecting to its peers. */
    public static MulticastChannel open(ChannelConfig config, TransportOptions options) {
        return NettyMulticastChannel.open(config, options);
    }
}

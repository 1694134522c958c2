package io.robber.transport;

import io.robber.api.ChannelConfig;
import io.robber.api.MulticastChannel;

/** Placeholder replaced by the Netty implementation in the next commit. */
public final class NettyMulticastChannel {
    private NettyMulticastChannel() {
    }

    public static MulticastChannel open(ChannelConfig config) {
        throw new UnsupportedOperationException("transport not built yet");
    }
}

package io.robber.transport;

import io.netty.channel.ChannelPipeline;
import io.robber.api.Member;

/**
 * Adds handlers to the pipeline of a connection once its peer is known (after the handshake), in
 * front of the frame decoder, so they see raw bytes both ways. This is how network emulation shapes
 * and delays links while the protocols stay unaware of it.
 */
@FunctionalInterface
public interface LinkCustomizer {
    LinkCustomizer NONE = (self, peer, pipeline) -> { };

    void customize(Member self, Member peer, ChannelPipeline pipeline);
}

package io.robber.datacast.fabric;

import io.netty.buffer.ByteBuf;

/**
 * A protocol's packet payloads as bytes, for the fabric on loopback ({@link LoopbackFabric}); the
 * fabric itself writes the route and the rest of the header.
 */
public interface PayloadCodec {
    void encode(Object payload, ByteBuf out);

    /** The payload {@link #encode} wrote, read from the rest of {@code in}. */
    Object decode(ByteBuf in);
}

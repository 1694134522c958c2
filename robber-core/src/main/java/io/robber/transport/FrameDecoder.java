package io.robber.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.robber.wire.MalformedFrameException;
import io.robber.wire.WireCodec;
import java.util.List;

/**
 * Splits the byte stream into length-prefixed frames and decodes them. Until the peer is admitted
 * (its handshake checked and its proof of the secret verified), frames are limited to a few hundred
 * bytes, so an unauthenticated peer cannot make the node buffer a large frame.
 */
final class FrameDecoder extends ByteToMessageDecoder {
    static final int HANDSHAKE_FRAME_LIMIT = 256;

    private int maxFrameLength = HANDSHAKE_FRAME_LIMIT;

    /** Lifts the frame limit once the peer is admitted. */
    void acceptLargeFrames() {
        maxFrameLength = WireCodec.MAX_FRAME_LENGTH;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (in.readableBytes() < 4) {
            return;
        }
        int length = in.getInt(in.readerIndex());
        if (length < 1 || length > maxFrameLength) {
            in.skipBytes(in.readableBytes());
            throw new MalformedFrameException("frame length " + length + " outside [1, " + maxFrameLength + "]");
        }
        if (in.readableBytes() < 4 + length) {
            return;
        }
        in.skipBytes(4);
        ByteBuf frame = in.readSlice(length);
        out.add(WireCodec.decode(frame));
    }
}

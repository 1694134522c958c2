package io.robber.rendezvous.control;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * The coordinator's side of the control framing (see {@link ControlChannel}): a receiver's greeting,
 * then its frames, each followed by a MAC when the coordinator has a secret. A frame's length is
 * checked against {@link ControlChannel#MAX_RECEIVER_FRAME} before its bytes are waited for, and
 * they are buffered as they arrive, so a lying length costs no more memory than the bytes sent.
 */
final class ControlFrameDecoder extends ByteToMessageDecoder {
    private static final int GREETING_BYTES = 8;

    /** A peer's first eight bytes: the magic number and its control protocol version. */
    record Greeting(int magic, int version) {
    }

    private final int macBytes;
    private boolean greeted;
    private boolean failed;
    private long received;

    /** @param authenticated every frame is followed by a MAC (the coordinator has a secret) */
    ControlFrameDecoder(boolean authenticated) {
        this.macBytes = authenticated ? ControlSupport.MAC_BYTES : 0;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out)
            throws ControlChannel.MalformedControlFrame {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (!greeted) {
            if (in.readableBytes() >= GREETING_BYTES) {
                greeted = true;
                out.add(new Greeting(in.readInt(), in.readInt()));
            }
            return;
        }
        if (in.readableBytes() < Integer.BYTES) {
            return;
        }
        int length = in.getInt(in.readerIndex());
        if (length <= 0 || length > ControlChannel.MAX_RECEIVER_FRAME) {
            failed = true;
            in.skipBytes(in.readableBytes());
            throw ControlChannel.MalformedControlFrame.tooLong(length, ControlChannel.MAX_RECEIVER_FRAME);
        }
        if (in.readableBytes() < Integer.BYTES + length + macBytes) {
            return;
        }
        in.skipBytes(Integer.BYTES);
        byte[] payload = new byte[length];
        in.readBytes(payload);
        byte[] mac = null;
        if (macBytes > 0) {
            mac = new byte[macBytes];
            in.readBytes(mac);
        }
        out.add(new ControlChannel.Frame(payload, mac, received++));
    }
}

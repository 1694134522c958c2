package io.robber.datacast.mctcp.channel;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.robber.datacast.mctcp.channel.McTcpMessage.Ack;
import io.robber.engine.MessageCodec;
import io.robber.wire.MalformedFrameException;
import io.robber.wire.Varint;

/**
 * The wire form of {@link McTcpMessage}s: a tag byte, then varints. An ACK is tag 1 and its cumulative
 * bound, which is at most the data set's piece count.
 */
final class McTcpCodec implements MessageCodec<McTcpMessage> {
    static final McTcpCodec INSTANCE = new McTcpCodec();
    private static final int ACK = 1;

    private McTcpCodec() {
    }

    @Override
    public Class<McTcpMessage> type() {
        return McTcpMessage.class;
    }

    @Override
    public byte[] encode(McTcpMessage message) {
        ByteBuf out = Unpooled.buffer(1 + Varint.MAX_BYTES);
        if (message instanceof Ack ack) {
            out.writeByte(ACK);
            Varint.write(out, ack.cumulative());
        }
        byte[] bytes = new byte[out.readableBytes()];
        out.readBytes(bytes);
        return bytes;
    }

    @Override
    public McTcpMessage decode(byte[] payload, int pieceCount) {
        ByteBuf in = Unpooled.wrappedBuffer(payload);
        if (!in.isReadable()) {
            throw new MalformedFrameException("empty mctcp message");
        }
        int tag = in.readByte();
        if (tag != ACK) {
            throw new MalformedFrameException("mctcp message with unknown tag " + tag);
        }
        int cumulative = Varint.read(in, "cumulative ACK");
        if (cumulative > pieceCount) {
            throw new MalformedFrameException("ACK of " + cumulative + " pieces of " + pieceCount);
        }
        if (in.isReadable()) {
            throw new MalformedFrameException(in.readableBytes() + " bytes after an mctcp message");
        }
        return new Ack(cumulative);
    }
}

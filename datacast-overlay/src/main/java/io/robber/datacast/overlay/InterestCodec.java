package io.robber.datacast.overlay;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.robber.engine.MessageCodec;
import io.robber.wire.MalformedFrameException;
import io.robber.wire.Message;
import io.robber.wire.Varint;

/**
 * The wire form of {@link Interests}: a flags byte (bit 0: retransmitted), the count and the pieces,
 * each a varint; pieces ascend, so each after the first is coded as its gap to the one before.
 * Piece indices are checked against the data set.
 */
final class InterestCodec implements MessageCodec<Interests> {
    static final InterestCodec INSTANCE = new InterestCodec();

    private InterestCodec() {
    }

    @Override
    public Class<Interests> type() {
        return Interests.class;
    }

    @Override
    public byte[] encode(Interests message) {
        int[] pieces = message.pieces();
        java.util.Arrays.sort(pieces);
        ByteBuf out = Unpooled.buffer(1 + Varint.MAX_BYTES * (pieces.length + 1));
        out.writeByte(message.retransmitted() ? 1 : 0);
        Varint.write(out, pieces.length);
        int previous = 0;
        for (int piece : pieces) {
            Varint.write(out, piece - previous);
            previous = piece;
        }
        byte[] bytes = new byte[out.readableBytes()];
        out.readBytes(bytes);
        if (bytes.length > Message.ProtocolMessage.MAX_PAYLOAD_BYTES) {
            throw new IllegalArgumentException(pieces.length + " interests do not fit in one message");
        }
        return bytes;
    }

    @Override
    public Interests decode(byte[] payload, int pieceCount) {
        ByteBuf in = Unpooled.wrappedBuffer(payload);
        if (!in.isReadable()) {
            throw new MalformedFrameException("empty interests");
        }
        int flags = in.readByte();
        if ((flags & ~1) != 0) {
            throw new MalformedFrameException("interests with unknown flags " + flags);
        }
        int count = Varint.read(in, "interest count");
        if (count < 0 || count > in.readableBytes()) {
            throw new MalformedFrameException("interests claim " + count + " pieces in " + in.readableBytes() + " bytes");
        }
        int[] pieces = new int[count];
        long piece = 0;
        for (int i = 0; i < count; i++) {
            piece += Varint.read(in, "interest");
            if (piece >= pieceCount) {
                throw new MalformedFrameException("interest for piece " + piece + " of " + pieceCount);
            }
            pieces[i] = (int) piece;
        }
        if (in.isReadable()) {
            throw new MalformedFrameException(in.readableBytes() + " bytes after the interests");
        }
        return new Interests(flags == 1, pieces);
    }
}

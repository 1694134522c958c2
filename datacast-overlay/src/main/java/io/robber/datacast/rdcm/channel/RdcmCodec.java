package io.robber.datacast.rdcm.channel;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.robber.datacast.rdcm.channel.RdcmMessage.HighestExpected;
import io.robber.datacast.rdcm.channel.RdcmMessage.RingAck;
import io.robber.engine.MessageCodec;
import io.robber.wire.MalformedFrameException;
import io.robber.wire.Varint;

/**
 * The wire form of {@link RdcmMessage}s: a tag byte, then varints. A ring ACK is tag 1, the ring's
 * tree node + 1 (0 for no ring), the sequence, the 64-bit selective mask and the cumulative bound;
 * the highest expected piece is tag 2 and the piece. An ACKed piece must be one of the data set; nodes
 * and the cumulative bound are checked by the engine.
 */
final class RdcmCodec implements MessageCodec<RdcmMessage> {
    static final RdcmCodec INSTANCE = new RdcmCodec();
    private static final int RING_ACK = 1;
    private static final int HIGHEST_EXPECTED = 2;

    private RdcmCodec() {
    }

    @Override
    public Class<RdcmMessage> type() {
        return RdcmMessage.class;
    }

    @Override
    public byte[] encode(RdcmMessage message) {
        ByteBuf out = Unpooled.buffer(1 + 4 * Varint.MAX_BYTES + Long.BYTES);
        if (message instanceof RingAck ack) {
            out.writeByte(RING_ACK);
            Varint.write(out, ack.ring() + 1);
            Varint.write(out, ack.sequence());
            out.writeLong(ack.recent());
            Varint.write(out, ack.below());
        } else if (message instanceof HighestExpected expected) {
            out.writeByte(HIGHEST_EXPECTED);
            Varint.write(out, expected.sequence());
        }
        byte[] bytes = new byte[out.readableBytes()];
        out.readBytes(bytes);
        return bytes;
    }

    @Override
    public RdcmMessage decode(byte[] payload, int pieceCount) {
        ByteBuf in = Unpooled.wrappedBuffer(payload);
        if (!in.isReadable()) {
            throw new MalformedFrameException("empty rdcm message");
        }
        int tag = in.readByte();
        RdcmMessage message = switch (tag) {
            case RING_ACK -> ringAck(in, pieceCount);
            case HIGHEST_EXPECTED -> new HighestExpected(Varint.read(in, "highest expected piece"));
            default -> throw new MalformedFrameException("rdcm message with unknown tag " + tag);
        };
        if (in.isReadable()) {
            throw new MalformedFrameException(in.readableBytes() + " bytes after an rdcm message");
        }
        return message;
    }

    private static RingAck ringAck(ByteBuf in, int pieceCount) {
        int ring = Varint.read(in, "ring") - 1;
        int sequence = Varint.read(in, "acknowledged piece");
        if (sequence >= pieceCount) {
            throw new MalformedFrameException("ring ack for piece " + sequence + " of " + pieceCount);
        }
        if (in.readableBytes() < Long.BYTES) {
            throw new MalformedFrameException("ring ack cut short in its mask");
        }
        long recent = in.readLong();
        return new RingAck(ring, sequence, recent, Varint.read(in, "cumulative bound"));
    }
}

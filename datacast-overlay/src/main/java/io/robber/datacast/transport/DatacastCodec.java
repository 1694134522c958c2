package io.robber.datacast.transport;

import io.netty.buffer.ByteBuf;
import io.robber.datacast.fabric.PayloadCodec;
import java.nio.ByteBuffer;

/**
 * Interests and data as bytes on the loopback fabric: a tag, the name (tree, block, sequence), the
 * retransmission or duplicate flag and, for data, the payload's length and bytes (−1: none).
 */
public final class DatacastCodec implements PayloadCodec {
    public static final DatacastCodec INSTANCE = new DatacastCodec();
    private static final byte INTEREST = 1;
    private static final byte DATA = 2;

    private DatacastCodec() {
    }

    @Override
    public void encode(Object payload, ByteBuf out) {
        if (payload instanceof Interest interest) {
            out.writeByte(INTEREST);
            writeName(interest.name(), out);
            out.writeBoolean(interest.retransmission());
        } else if (payload instanceof Data data) {
            out.writeByte(DATA);
            writeName(data.name(), out);
            out.writeBoolean(data.duplicate());
            ByteBuffer bytes = data.bytes();
            out.writeInt(bytes == null ? -1 : bytes.remaining());
            if (bytes != null) {
                out.writeBytes(bytes.duplicate());
            }
        } else {
            throw new IllegalArgumentException("not a Datacast packet: " + payload);
        }
    }

    @Override
    public Object decode(ByteBuf in) {
        byte tag = in.readByte();
        DataName name = new DataName(in.readInt(), in.readInt(), in.readInt());
        boolean flag = in.readBoolean();
        if (tag == INTEREST) {
            return new Interest(name, flag);
        }
        if (tag != DATA) {
            throw new IllegalArgumentException("unknown Datacast packet tag " + tag);
        }
        int length = in.readInt();
        if (length < 0) {
            return new Data(name, flag);
        }
        byte[] bytes = new byte[length];
        in.readBytes(bytes);
        return new Data(name, flag, ByteBuffer.wrap(bytes).asReadOnlyBuffer());
    }

    private static void writeName(DataName name, ByteBuf out) {
        out.writeInt(name.tree());
        out.writeInt(name.block());
        out.writeInt(name.sequence());
    }
}

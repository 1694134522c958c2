package io.robber.datacast.transport;

import io.netty.buffer.ByteBuf;
import io.robber.datacast.fabric.PayloadCodec;
import io.robber.datacast.signalling.EncodedTree;
import io.robber.datacast.signalling.TreeAck;
import io.robber.datacast.signalling.TreeMessage;
import io.robber.datacast.transport.TreeSignal.BlockAnnouncement;
import io.robber.datacast.transport.TreeSignal.TreePlan;
import java.nio.ByteBuffer;

/**
 * The transport's packets as bytes on the loopback fabric, each behind a tag. Interests and data:
 * the name (tree, block, sequence), the retransmission or duplicate flag and, for data, the
 * payload's length and bytes (−1: none). The signalling: a {@link TreeMessage} (its id, the
 * {@linkplain EncodedTree#writeTo encoded subtree}, the path from the root and its body, a
 * {@link TreePlan} or a {@link BlockAnnouncement}), a {@link TreeAck}, and a receiver's
 * {@link NextBlock}.
 */
public final class DatacastCodec implements PayloadCodec {
    public static final DatacastCodec INSTANCE = new DatacastCodec();
    private static final byte INTEREST = 1;
    private static final byte DATA = 2;
    private static final byte TREE_PLAN = 3;
    private static final byte BLOCK_ANNOUNCEMENT = 4;
    private static final byte TREE_ACK = 5;
    private static final byte NEXT_BLOCK = 6;

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
        } else if (payload instanceof TreeMessage message) {
            encodeMessage(message, out);
        } else if (payload instanceof TreeAck ack) {
            out.writeByte(TREE_ACK);
            out.writeLong(ack.id());
            out.writeInt(ack.arc());
            out.writeInt(ack.receivers());
            out.writeInt(ack.tally());
        } else if (payload instanceof NextBlock request) {
            out.writeByte(NEXT_BLOCK);
            out.writeInt(request.tree());
            out.writeInt(request.knownBlocks());
        } else {
            throw new IllegalArgumentException("not a Datacast packet: " + payload);
        }
    }

    private static void encodeMessage(TreeMessage message, ByteBuf out) {
        if (message.body() instanceof TreePlan plan) {
            out.writeByte(TREE_PLAN);
            out.writeInt(plan.tree());
            writeInts(plan.blocks(), out);
        } else if (message.body() instanceof BlockAnnouncement announcement) {
            out.writeByte(BLOCK_ANNOUNCEMENT);
            out.writeInt(announcement.tree());
            out.writeInt(announcement.block());
            out.writeInt(announcement.query());
        } else {
            throw new IllegalArgumentException("not a Datacast signal: " + message.body());
        }
        out.writeLong(message.id());
        message.subtree().writeTo(out);
        writeInts(message.pathFromRoot(), out);
    }

    @Override
    public Object decode(ByteBuf in) {
        byte tag = in.readByte();
        return switch (tag) {
            case INTEREST -> new Interest(readName(in), in.readBoolean());
            case DATA -> decodeData(in);
            case TREE_PLAN -> decodeMessage(new TreePlan(in.readInt(), readInts(in)), in);
            case BLOCK_ANNOUNCEMENT -> decodeMessage(new BlockAnnouncement(in.readInt(), in.readInt(), in.readInt()), in);
            case TREE_ACK -> new TreeAck(in.readLong(), in.readInt(), in.readInt(), in.readInt());
            case NEXT_BLOCK -> new NextBlock(in.readInt(), in.readInt());
            default -> throw new IllegalArgumentException("unknown Datacast packet tag " + tag);
        };
    }

    private static Data decodeData(ByteBuf in) {
        DataName name = readName(in);
        boolean duplicate = in.readBoolean();
        int length = in.readInt();
        if (length < 0) {
            return new Data(name, duplicate);
        }
        byte[] bytes = new byte[length];
        in.readBytes(bytes);
        return new Data(name, duplicate, ByteBuffer.wrap(bytes).asReadOnlyBuffer());
    }

    private static TreeMessage decodeMessage(TreeSignal body, ByteBuf in) {
        long id = in.readLong();
        EncodedTree subtree = EncodedTree.readFrom(in);
        return new TreeMessage(id, subtree, readInts(in), body);
    }

    private static void writeName(DataName name, ByteBuf out) {
        out.writeInt(name.tree());
        out.writeInt(name.block());
        out.writeInt(name.sequence());
    }

    private static DataName readName(ByteBuf in) {
        return new DataName(in.readInt(), in.readInt(), in.readInt());
    }

    private static void writeInts(int[] values, ByteBuf out) {
        out.writeInt(values.length);
        for (int value : values) {
            out.writeInt(value);
        }
    }

    private static int[] readInts(ByteBuf in) {
        int[] values = new int[in.readInt()];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readInt();
        }
        return values;
    }
}

package io.robber.collective;

import io.robber.engine.MessageCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.robber.wire.MalformedFrameException;
import io.robber.wire.Varint;
import java.util.BitSet;

/**
 * Robber's own messages for relaying ({@link WorkWishes}): a wish for pieces of a local peer's work,
 * and the grant that answers it. Both carry a piece set; they travel as protocol messages.
 */
public sealed interface RelayMessage {

    BitSet pieces();

    /** The sender's global peers can serve these pieces, which are not its work: hand over what is yours. */
    record Wish(BitSet pieces) implements RelayMessage {
    }

    /** The answer to a wish: these pieces left the sender's work and are now the receiver's (maybe none). */
    record Grant(BitSet pieces) implements RelayMessage {
    }

    /**
     * {@code [byte kind][int count][count varints]}: the pieces in ascending order, each as its gap to
     * the previous one (the first as its index) as a {@link Varint}. A wish names a few dozen pieces
     * scattered over the whole range, which as a bitmap took up to P/8 bytes (800 for TC2's 6,400
     * pieces) and as gaps takes one or two bytes a piece; the count is checked against the payload
     * before anything is allocated, and every piece against the data set before it is set.
     */
    final class Codec implements MessageCodec<RelayMessage> {
        private static final byte WISH = 1;
        private static final byte GRANT = 2;

        @Override
        public Class<RelayMessage> type() {
            return RelayMessage.class;
        }

        @Override
        public byte[] encode(RelayMessage message) {
            BitSet pieces = message.pieces();
            ByteBuf out = Unpooled.buffer(5 + Varint.MAX_BYTES * pieces.cardinality());
            out.writeByte(message instanceof Wish ? WISH : GRANT).writeInt(pieces.cardinality());
            int previous = 0;
            for (int i = pieces.nextSetBit(0); i >= 0; i = pieces.nextSetBit(i + 1)) {
                Varint.write(out, i - previous);
                previous = i;
            }
            return ByteBufUtil.getBytes(out);
        }

        @Override
        public RelayMessage decode(byte[] payload, int pieceCount) {
            ByteBuf in = Unpooled.wrappedBuffer(payload);
            if (in.readableBytes() < 5) {
                throw new MalformedFrameException("relay message of " + payload.length + " bytes is too short");
            }
            byte kind = in.readByte();
            int count = in.readInt();
            if (count < 0 || count > in.readableBytes()) {
                throw new MalformedFrameException("relay message of " + count + " pieces in a payload of "
                        + payload.length + " bytes");
            }
            BitSet pieces = new BitSet();
            long piece = 0;
            for (int n = 0; n < count; n++) {
                int gap = Varint.read(in, "relay message's piece gap");
                piece += gap;
                if ((n > 0 && gap == 0) || piece >= pieceCount) {
                    throw new MalformedFrameException("relay message with piece " + piece
                            + " repeated or not one of the " + pieceCount + " pieces");
                }
                pieces.set((int) piece);
            }
            if (in.isReadable()) {
                throw new MalformedFrameException("relay message with " + in.readableBytes() + " trailing bytes");
            }
            return switch (kind) {
                case WISH -> new Wish(pieces);
                case GRANT -> new Grant(pieces);
                default -> throw new MalformedFrameException("unknown relay message kind " + kind);
            };
        }
    }
}

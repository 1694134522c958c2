package io.robber.collective;

import io.robber.engine.MessageCodec;
import io.robber.wire.MalformedFrameException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Arrays;
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
     * the previous one (the first as its index) in unsigned LEB128. A wish names a few dozen pieces
     * scattered over the whole range, which as a bitmap took up to P/8 bytes (800 for TC2's 6,400
     * pieces) and as gaps takes one or two bytes a piece; the count is checked against the payload
     * before anything is allocated.
     */
    final class Codec implements MessageCodec<RelayMessage> {
        private static final byte WISH = 1;
        private static final byte GRANT = 2;
        private static final int MAX_VARINT_BYTES = 5;

        @Override
        public Class<RelayMessage> type() {
            return RelayMessage.class;
        }

        @Override
        public byte[] encode(RelayMessage message) {
            BitSet pieces = message.pieces();
            ByteBuffer out = ByteBuffer.allocate(5 + MAX_VARINT_BYTES * pieces.cardinality())
                    .put(message instanceof Wish ? WISH : GRANT).putInt(pieces.cardinality());
            int previous = 0;
            for (int i = pieces.nextSetBit(0); i >= 0; i = pieces.nextSetBit(i + 1)) {
                putVarint(out, i - previous);
                previous = i;
            }
            return Arrays.copyOf(out.array(), out.position());
        }

        @Override
        public RelayMessage decode(byte[] payload) {
            try {
                ByteBuffer in = ByteBuffer.wrap(payload);
                byte kind = in.get();
                int count = in.getInt();
                if (count < 0 || count > in.remaining()) {
                    throw new MalformedFrameException("relay message of " + count + " pieces in a payload of "
                            + payload.length + " bytes");
                }
                BitSet pieces = new BitSet();
                long piece = 0;
                for (int n = 0; n < count; n++) {
                    long gap = getVarint(in);
                    piece += gap;
                    if ((n > 0 && gap == 0) || piece >= Integer.MAX_VALUE) {
                        throw new MalformedFrameException("relay message with piece " + piece + " repeated or out of range");
                    }
                    pieces.set((int) piece);
                }
                if (in.hasRemaining()) {
                    throw new MalformedFrameException("relay message with " + in.remaining() + " trailing bytes");
                }
                return switch (kind) {
                    case WISH -> new Wish(pieces);
                    case GRANT -> new Grant(pieces);
                    default -> throw new MalformedFrameException("unknown relay message kind " + kind);
                };
            } catch (BufferUnderflowException e) {
                throw new MalformedFrameException("relay message of " + payload.length + " bytes is too short");
            }
        }

        private static void putVarint(ByteBuffer out, int value) {
            while ((value & ~0x7F) != 0) {
                out.put((byte) ((value & 0x7F) | 0x80));
                value >>>= 7;
            }
            out.put((byte) value);
        }

        private static long getVarint(ByteBuffer in) {
            long value = 0;
            for (int shift = 0; shift < 7 * MAX_VARINT_BYTES; shift += 7) {
                byte b = in.get();
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return value;
                }
            }
            throw new MalformedFrameException("relay message with a varint longer than " + MAX_VARINT_BYTES + " bytes");
        }
    }
}

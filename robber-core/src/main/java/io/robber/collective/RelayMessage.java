package io.robber.collective;

import io.robber.engine.MessageCodec;
import io.robber.wire.MalformedFrameException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
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

    /** {@code [byte kind][int length][bitmap bytes]}, the length checked before allocation. */
    final class Codec implements MessageCodec<RelayMessage> {
        private static final byte WISH = 1;
        private static final byte GRANT = 2;

        @Override
        public Class<RelayMessage> type() {
            return RelayMessage.class;
        }

        @Override
        public byte[] encode(RelayMessage message) {
            byte[] bits = message.pieces().toByteArray();
            return ByteBuffer.allocate(5 + bits.length).put(message instanceof Wish ? WISH : GRANT)
                    .putInt(bits.length).put(bits).array();
        }

        @Override
        public RelayMessage decode(byte[] payload) {
            try {
                ByteBuffer in = ByteBuffer.wrap(payload);
                byte kind = in.get();
                int length = in.getInt();
                if (length < 0 || length != in.remaining()) {
                    throw new MalformedFrameException("relay message bitmap of " + length + " bytes in a payload of "
                            + payload.length);
                }
                byte[] bits = new byte[length];
                in.get(bits);
                BitSet pieces = BitSet.valueOf(bits);
                return switch (kind) {
                    case WISH -> new Wish(pieces);
                    case GRANT -> new Grant(pieces);
                    default -> throw new MalformedFrameException("unknown relay message kind " + kind);
                };
            } catch (BufferUnderflowException e) {
                throw new MalformedFrameException("relay message of " + payload.length + " bytes is too short");
            }
        }
    }
}

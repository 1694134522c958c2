package io.robber.collective;

import io.robber.engine.MessageCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.robber.wire.MalformedFrameException;
import io.robber.wire.Varint;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

/**
 * Robber's own messages for relaying between a collective's members: a wish for pieces of a local
 * peer's work and the grant that answers it ({@link WorkWishes}), and the round trips a member knows to
 * other clusters ({@link ClusterRoundTrips}). They travel as protocol messages.
 */
public sealed interface RelayMessage {

    /** The sender's global peers can serve these pieces, which are not its work: hand over what is yours. */
    record Wish(BitSet pieces) implements RelayMessage {
    }

    /** The answer to a wish: these pieces left the sender's work and are now the receiver's (maybe none). */
    record Grant(BitSet pieces) implements RelayMessage {
    }

    /** The shortest round trips the sender knows from its cluster to others, each at most as long as before. */
    record RoundTrips(List<RoundTrip> roundTrips) implements RelayMessage {
        public RoundTrips {
            roundTrips = List.copyOf(roundTrips);
        }
    }

    /** The shortest round trip (request to piece) to a member of {@code cluster}; the wire keeps whole µs. */
    record RoundTrip(int cluster, long nanos) {
    }

    /**
     * A wish or a grant is {@code [byte kind][int count][count varints]}: the pieces in ascending order,
     * each as its gap to the previous one (the first as its index) as a {@link Varint}. A wish names a
     * few dozen pieces scattered over the whole range, which as a bitmap took up to P/8 bytes (800 for
     * TC2's 6,400 pieces) and as gaps takes one or two bytes a piece; the count is checked against the
     * payload before anything is allocated, and every piece against the data set before it is set.
     * Round trips are {@code [byte kind][int count]} and per cluster, in ascending order, its gap to
     * the previous one and the round trip in microseconds, both varints.
     */
    final class Codec implements MessageCodec<RelayMessage> {
        private static final byte WISH = 1;
        private static final byte GRANT = 2;
        private static final byte ROUND_TRIPS = 3;

        @Override
        public Class<RelayMessage> type() {
            return RelayMessage.class;
        }

        @Override
        public byte[] encode(RelayMessage message) {
            if (message instanceof Wish w) {
                return encodePieces(WISH, w.pieces());
            }
            if (message instanceof Grant g) {
                return encodePieces(GRANT, g.pieces());
            }
            return encodeRoundTrips(((RoundTrips) message).roundTrips());
        }

        private static byte[] encodePieces(byte kind, BitSet pieces) {
            ByteBuf out = Unpooled.buffer(5 + Varint.MAX_BYTES * pieces.cardinality());
            out.writeByte(kind).writeInt(pieces.cardinality());
            int previous = 0;
            for (int i = pieces.nextSetBit(0); i >= 0; i = pieces.nextSetBit(i + 1)) {
                Varint.write(out, i - previous);
                previous = i;
            }
            return ByteBufUtil.getBytes(out);
        }

        private static byte[] encodeRoundTrips(List<RoundTrip> roundTrips) {
            ByteBuf out = Unpooled.buffer(5 + 2 * Varint.MAX_BYTES * roundTrips.size());
            out.writeByte(ROUND_TRIPS).writeInt(roundTrips.size());
            int previous = 0;
            for (RoundTrip r : roundTrips.stream().sorted(Comparator.comparingInt(RoundTrip::cluster)).toList()) {
                Varint.write(out, r.cluster() - previous);
                Varint.write(out, (int) Math.min(Integer.MAX_VALUE, r.nanos() / 1000));
                previous = r.cluster();
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
                throw new MalformedFrameException("relay message of " + count + " entries in a payload of "
                        + payload.length + " bytes");
            }
            RelayMessage message = switch (kind) {
                case WISH -> new Wish(decodePieces(in, count, pieceCount));
                case GRANT -> new Grant(decodePieces(in, count, pieceCount));
                case ROUND_TRIPS -> new RoundTrips(decodeRoundTrips(in, count));
                default -> throw new MalformedFrameException("unknown relay message kind " + kind);
            };
            if (in.isReadable()) {
                throw new MalformedFrameException("relay message with " + in.readableBytes() + " trailing bytes");
            }
            return message;
        }

        private static BitSet decodePieces(ByteBuf in, int count, int pieceCount) {
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
            return pieces;
        }

        private static List<RoundTrip> decodeRoundTrips(ByteBuf in, int count) {
            List<RoundTrip> roundTrips = new ArrayList<>(count);
            long cluster = 0;
            for (int n = 0; n < count; n++) {
                int gap = Varint.read(in, "round trip's cluster gap");
                cluster += gap;
                if ((n > 0 && gap == 0) || cluster > Integer.MAX_VALUE) {
                    throw new MalformedFrameException("round trips with cluster " + cluster
                            + " repeated or out of range");
                }
                roundTrips.add(new RoundTrip((int) cluster, 1000L * Varint.read(in, "round trip's microseconds")));
            }
            return roundTrips;
        }
    }
}

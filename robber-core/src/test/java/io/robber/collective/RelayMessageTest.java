package io.robber.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.wire.MalformedFrameException;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class RelayMessageTest {
    private final RelayMessage.Codec codec = new RelayMessage.Codec();

    @Test
    void wishesAndGrantsSurviveTheWire() {
        BitSet pieces = new BitSet();
        pieces.set(3);
        pieces.set(700);
        assertThat(codec.decode(codec.encode(new RelayMessage.Wish(pieces)), 1000))
                .isEqualTo(new RelayMessage.Wish(pieces));
        assertThat(codec.decode(codec.encode(new RelayMessage.Grant(pieces)), 1000))
                .isEqualTo(new RelayMessage.Grant(pieces));
        assertThat(codec.decode(codec.encode(new RelayMessage.Grant(new BitSet())), 1000))
                .isEqualTo(new RelayMessage.Grant(new BitSet()));
    }

    @Test
    void roundTripsSurviveTheWireInWholeMicroseconds() {
        RelayMessage.RoundTrips trips = new RelayMessage.RoundTrips(List.of(
                new RelayMessage.RoundTrip(9, 232_000_000L), new RelayMessage.RoundTrip(2, 23_456_789L)));
        byte[] encoded = codec.encode(trips);
        assertThat(encoded.length).as("kind, count, and per cluster a gap and microseconds")
                .isEqualTo(5 + 1 + 3 + 1 + 3);
        assertThat(codec.decode(encoded, 1000)).isEqualTo(new RelayMessage.RoundTrips(List.of(
                new RelayMessage.RoundTrip(2, 23_456_000L), new RelayMessage.RoundTrip(9, 232_000_000L))));
        assertThat(codec.decode(codec.encode(new RelayMessage.RoundTrips(List.of())), 1000))
                .isEqualTo(new RelayMessage.RoundTrips(List.of()));
    }

    @Test
    void roundTripsNamingAClusterTwiceOrLeavingBytesAreRejected() {
        assertThatThrownBy(() -> codec.decode(new byte[] {3, 0, 0, 0, 2, 1, 5, 0, 6}, 1000))
                .isInstanceOf(MalformedFrameException.class).hasMessageContaining("repeated");
        assertThatThrownBy(() -> codec.decode(new byte[] {3, 0, 0, 0, 1, 1, 5, 0}, 1000))
                .isInstanceOf(MalformedFrameException.class).hasMessageContaining("trailing");
        assertThatThrownBy(() -> codec.decode(new byte[] {3, 0, 0, 0, 1, 1}, 1000))
                .isInstanceOf(MalformedFrameException.class);
    }

    @Test
    void aWishOfScatteredPiecesTakesAByteOrTwoPerPiece() {
        BitSet pieces = new BitSet();
        for (int i = 0; i < 80; i++) {
            pieces.set(i * 80 + 7);
        }
        byte[] encoded = codec.encode(new RelayMessage.Wish(pieces));
        assertThat(encoded.length).isLessThanOrEqualTo(5 + 2 * 80).isLessThan(pieces.toByteArray().length / 4);
        assertThat(codec.decode(encoded, 6400)).isEqualTo(new RelayMessage.Wish(pieces));
    }

    @Test
    void malformedPayloadsAreRejected() {
        assertThatThrownBy(() -> codec.decode(new byte[] {1, 0, 0}, 1000)).isInstanceOf(MalformedFrameException.class);
        assertThatThrownBy(() -> codec.decode(new byte[] {1, 0, 0, 0, 9, 1}, 1000))
                .isInstanceOf(MalformedFrameException.class);
        assertThatThrownBy(() -> codec.decode(new byte[] {7, 0, 0, 0, 0}, 1000))
                .isInstanceOf(MalformedFrameException.class);
        assertThatThrownBy(() -> codec.decode(new byte[] {1, 0, 0, 0, 2, 5, 0}, 1000))
                .isInstanceOf(MalformedFrameException.class);
        assertThatThrownBy(() -> codec.decode(new byte[] {1, 0, 0, 0, 1, 5, 6}, 1000))
                .isInstanceOf(MalformedFrameException.class);
        assertThatThrownBy(() -> codec.decode(new byte[] {2, 0, 0, 0, 1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
                (byte) 0xFF, (byte) 0xFF, 1}, 1000)).isInstanceOf(MalformedFrameException.class);
    }

    /** Found by OwnMessageFuzzTest: piece 2^31 - 2 in 10 bytes made the decoder allocate a 256 MiB bit set. */
    @Test
    void aPieceBeyondTheDataSetIsRefusedBeforeItIsSet() {
        byte[] far = {1, 0, 0, 0, 1, (byte) 0xFE, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};
        assertThatThrownBy(() -> codec.decode(far, 1000)).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("not one of the 1000 pieces");
        byte[] last = {2, 0, 0, 0, 1, (byte) 0xE7, 0x07};
        assertThat(codec.decode(last, 1000)).isEqualTo(new RelayMessage.Grant(bits(999)));
        assertThatThrownBy(() -> codec.decode(last, 999)).isInstanceOf(MalformedFrameException.class);
    }

    private static BitSet bits(int piece) {
        BitSet bits = new BitSet();
        bits.set(piece);
        return bits;
    }
}

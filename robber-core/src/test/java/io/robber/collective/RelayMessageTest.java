package io.robber.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.wire.MalformedFrameException;
import java.util.BitSet;
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
        assertThat(codec.decode(last, 1000).pieces()).isEqualTo(bits(999));
        assertThatThrownBy(() -> codec.decode(last, 999)).isInstanceOf(MalformedFrameException.class);
    }

    private static BitSet bits(int piece) {
        BitSet bits = new BitSet();
        bits.set(piece);
        return bits;
    }
}

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
        assertThat(codec.decode(codec.encode(new RelayMessage.Wish(pieces)))).isEqualTo(new RelayMessage.Wish(pieces));
        assertThat(codec.decode(codec.encode(new RelayMessage.Grant(pieces)))).isEqualTo(new RelayMessage.Grant(pieces));
        assertThat(codec.decode(codec.encode(new RelayMessage.Grant(new BitSet()))))
                .isEqualTo(new RelayMessage.Grant(new BitSet()));
    }

    @Test
    void malformedPayloadsAreRejected() {
        assertThatThrownBy(() -> codec.decode(new byte[] {1, 0, 0})).isInstanceOf(MalformedFrameException.class);
        assertThatThrownBy(() -> codec.decode(new byte[] {1, 0, 0, 0, 9, 1})).isInstanceOf(MalformedFrameException.class);
        assertThatThrownBy(() -> codec.decode(new byte[] {7, 0, 0, 0, 0})).isInstanceOf(MalformedFrameException.class);
    }
}

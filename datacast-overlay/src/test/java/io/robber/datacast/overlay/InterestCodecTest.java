package io.robber.datacast.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.wire.MalformedFrameException;
import org.junit.jupiter.api.Test;

class InterestCodecTest {
    private final InterestCodec codec = InterestCodec.INSTANCE;

    @Test
    void roundTrip() {
        Interests interests = new Interests(true, new int[] {3, 17, 1_000_000, Integer.MAX_VALUE - 1});
        assertThat(codec.decode(codec.encode(interests), Integer.MAX_VALUE)).isEqualTo(interests);
        Interests none = new Interests(false, new int[0]);
        assertThat(codec.decode(codec.encode(none), 1000)).isEqualTo(none);
    }

    @Test
    void hostilePayloadsAreRejected() {
        assertThatThrownBy(() -> codec.decode(new byte[0], 1000)).isInstanceOf(MalformedFrameException.class);
        assertThatThrownBy(() -> codec.decode(new byte[] {4, 0}, 1000)).isInstanceOf(MalformedFrameException.class);
        assertThatThrownBy(() -> codec.decode(new byte[] {0, 100, 1}, 1000))
                .isInstanceOf(MalformedFrameException.class);
        assertThatThrownBy(() -> codec.decode(new byte[] {0, 1, 1, 9}, 1000))
                .isInstanceOf(MalformedFrameException.class);
        byte[] overflow = {0, 2, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07, 1};
        assertThatThrownBy(() -> codec.decode(overflow, 1000)).isInstanceOf(MalformedFrameException.class);
        byte[] beyond = codec.encode(new Interests(false, new int[] {5, 1000}));
        assertThatThrownBy(() -> codec.decode(beyond, 1000)).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("piece 1000 of 1000");
    }
}

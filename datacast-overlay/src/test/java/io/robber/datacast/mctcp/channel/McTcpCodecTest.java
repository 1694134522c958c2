package io.robber.datacast.mctcp.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.datacast.mctcp.channel.McTcpMessage.Ack;
import io.robber.wire.MalformedFrameException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class McTcpCodecTest {
    private static final McTcpCodec CODEC = McTcpCodec.INSTANCE;

    @Test
    void acksRoundTrip() {
        for (int cumulative : new int[] {0, 1, 127, 128, 4_000_000, 5_000_000}) {
            assertThat(CODEC.decode(CODEC.encode(new Ack(cumulative)), 5_000_000)).isEqualTo(new Ack(cumulative));
        }
    }

    @Test
    void malformedPayloadsAreRefusedWithAReason() {
        byte[] ack = CODEC.encode(new Ack(300));
        assertThatThrownBy(() -> CODEC.decode(new byte[0], 1000)).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("empty");
        assertThatThrownBy(() -> CODEC.decode(new byte[] {2, 0}, 1000)).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("unknown tag 2");
        for (int cut = 1; cut < ack.length; cut++) {
            byte[] shorter = Arrays.copyOf(ack, cut);
            assertThatThrownBy(() -> CODEC.decode(shorter, 1000)).isInstanceOf(MalformedFrameException.class);
        }
        assertThatThrownBy(() -> CODEC.decode(ack, 299)).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("300 pieces of 299");
        byte[] longer = Arrays.copyOf(ack, ack.length + 1);
        assertThatThrownBy(() -> CODEC.decode(longer, 1000)).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("after");
        byte[] tooLong = {1, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f};
        assertThatThrownBy(() -> CODEC.decode(tooLong, 1000)).isInstanceOf(MalformedFrameException.class);
    }
}

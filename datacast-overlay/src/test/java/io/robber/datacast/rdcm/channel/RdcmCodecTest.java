package io.robber.datacast.rdcm.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.datacast.rdcm.channel.RdcmMessage.HighestExpected;
import io.robber.datacast.rdcm.channel.RdcmMessage.RingAck;
import io.robber.wire.MalformedFrameException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RdcmCodecTest {
    private static final RdcmCodec CODEC = RdcmCodec.INSTANCE;

    @Test
    void messagesRoundTrip() {
        for (RdcmMessage message : new RdcmMessage[] {new RingAck(-1, 0, 0, 0),
                new RingAck(17, 4_000_000, -1L, 3_999_000),
                new RingAck(0, 65, 0x8000_0000_0000_0001L, 1), new HighestExpected(0),
                new HighestExpected(Integer.MAX_VALUE)}) {
            assertThat(CODEC.decode(CODEC.encode(message), 5_000_000)).isEqualTo(message);
        }
    }

    @Test
    void malformedPayloadsAreRefusedWithAReason() {
        byte[] ack = CODEC.encode(new RingAck(3, 70, 5L, 60));
        assertThatThrownBy(() -> CODEC.decode(new byte[0], 5_000_000)).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("empty");
        assertThatThrownBy(() -> CODEC.decode(new byte[] {9}, 5_000_000)).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("unknown tag 9");
        for (int cut = 1; cut < ack.length; cut++) {
            byte[] shorter = Arrays.copyOf(ack, cut);
            assertThatThrownBy(() -> CODEC.decode(shorter, 5_000_000)).isInstanceOf(MalformedFrameException.class);
        }
        assertThatThrownBy(() -> CODEC.decode(ack, 70)).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("piece 70 of 70");
        byte[] longer = Arrays.copyOf(ack, ack.length + 1);
        assertThatThrownBy(() -> CODEC.decode(longer, 5_000_000)).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("after");
        byte[] tooLong = {2, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f};
        assertThatThrownBy(() -> CODEC.decode(tooLong, 5_000_000))
                .isInstanceOf(MalformedFrameException.class);
    }
}

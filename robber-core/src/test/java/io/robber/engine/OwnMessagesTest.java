package io.robber.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import io.robber.wire.MalformedFrameException;
import io.robber.wire.MessageType;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A protocol with messages of its own ({@link WantPushProtocol}): they travel in the core's protocol
 * frame, decoded by the protocol's codec, over the virtual-time test kit and over real sockets; one
 * that does not decode drops only the link it came on.
 */
class OwnMessagesTest {
    private static final int PIECES = 40;

    @Test
    void aProtocolWithItsOwnMessagesDeliversOverTheSimulatedNetwork() {
        SimResult result = SimNetwork.builder(SimData.clusters(3, 2), new WantPushProtocol())
                .pieces(PIECES, 4096)
                .possession(SimData.roots(PIECES, 0))
                .build()
                .run()
                .assertAllComplete();

        assertThat(result.messages(MessageType.PROTOCOL)).isEqualTo(5 * 4);
        assertThat(result.messages(MessageType.DESIRE) + result.messages(MessageType.REQUEST)
                + result.messages(MessageType.HAVE)).isZero();
    }

    @Test
    void aPayloadThatDoesNotDecodeDropsThatPeerOnly() {
        SimResult result = SimNetwork.builder(SimData.clusters(3, 2), new WantPushProtocol(4))
                .pieces(PIECES, 4096)
                .possession(SimData.roots(PIECES, 0))
                .build()
                .run();

        assertThat(result.disconnects()).containsExactly("c0n0 dropped c1n1: sent a protocol message that does not"
                + " decode: want payload of 2 bytes is too short");
        for (int m = 0; m < 5; m++) {
            assertThat(result.holds(m).cardinality()).as("member %d", m).isEqualTo(PIECES);
            assertThat(result.node(m).failure()).as("member %d", m).isNull();
        }
        assertThat(result.node(0).localCompleteAt()).isGreaterThanOrEqualTo(0);
    }

    @Test
    void aProtocolWithItsOwnMessagesDeliversOverRealSockets() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open(WantPushProtocol.NAME, 1, 3, 2)) {
            Delivery.run(g, Delivery.data(30L * 16 * 1024 + 7, 1), 16 * 1024, Delivery.Placement.singleRoot());
        }
    }

    @Test
    void theCodecRejectsEveryMalformedPayloadAsMalformed() {
        WantPushProtocol.WantCodec codec = new WantPushProtocol.WantCodec();
        BitSet pieces = new BitSet();
        pieces.set(3);
        pieces.set(700);
        assertThat(codec.decode(codec.encode(new WantPushProtocol.Want(pieces)), 1000).pieces()).isEqualTo(pieces);
        assertThatThrownBy(() -> codec.decode(new byte[] {0, 0, 0, 9, 1}, 1000))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessage("want bitmap of 9 bytes in a payload of 5");
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 10_000; i++) {
            byte[] payload = new byte[random.nextInt(12)];
            random.nextBytes(payload);
            try {
                codec.decode(payload, 1000);
            } catch (MalformedFrameException expected) {
                // the only way a payload may fail
            }
        }
    }
}

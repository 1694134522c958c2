package io.robber.rendezvous.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 14, found item 3: a manifest of any size travels as parts that each stay under the JSON parser's
 * string limit and the frame limit (one JSON string used to fail past about 470,000 pieces).
 */
class ManifestPartsTest {

    @Test
    void fourMillionPieceDigestsTravelAsPartsThatTheReceiverParsesBack() throws Exception {
        int pieces = 4 << 20;
        byte[] digests = new byte[pieces * 32];
        new SplittableRandom(14).nextBytes(digests);

        List<ControlMessage.ManifestPart> parts = ManifestParts.split(digests);

        assertThat(parts).hasSize(pieces / ManifestParts.PIECES_PER_PART);
        ManifestParts.Assembly assembly = new ManifestParts.Assembly();
        for (ControlMessage.ManifestPart part : parts) {
            byte[] frame = ControlCodec.encode(part);
            assertThat(frame.length).isLessThan(ControlChannel.MAX_COORDINATOR_FRAME);
            assembly.add((ControlMessage.ManifestPart) ControlCodec.decode(frame));
        }
        assertThat(assembly.count()).isEqualTo(parts.size());
        assertThat(assembly.digests()).isEqualTo(digests);
    }

    @Test
    void anEmptyManifestHasNoPartsAndPartsOutOfOrderAreRefused() {
        assertThat(ManifestParts.split(new byte[0])).isEmpty();
        assertThat(new ManifestParts.Assembly().digests()).isEmpty();
        ManifestParts.Assembly assembly = new ManifestParts.Assembly();
        assertThatThrownBy(() -> assembly.add(new ControlMessage.ManifestPart(1, "AA==")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("part 0 was due");
    }
}

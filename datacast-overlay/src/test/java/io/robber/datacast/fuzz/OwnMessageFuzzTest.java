package io.robber.datacast.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.robber.api.ProtocolOptions;
import io.robber.engine.MessageCodec;
import io.robber.engine.Protocol;
import io.robber.engine.Protocols;
import io.robber.sim.SimData;
import io.robber.testkit.FuzzInputs;
import io.robber.wire.MalformedFrameException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fuzzes the codecs of the protocols' own messages ({@link MessageCodec}), which decode what another
 * machine put in a protocol frame: {@code datacast}'s interests, {@code rdcm}'s ring ACKs and highest
 * expected pieces, {@code mctcp}'s cumulative ACKs and robber's relayed messages, each found through its protocol's plan. The input's
 * first byte picks the codec, the rest is the payload, for a data set of 4 Mi pieces. Decoding yields
 * a message or fails with a {@link MalformedFrameException}, nothing else, and never runs out of
 * memory; a decoded message encodes to bytes that decode and encode to the same bytes again. Its
 * first run found that robber's relay message set a piece index from the wire in a {@code BitSet}:
 * 15 bytes cost 256 MiB ({@code RelayMessageTest.aPieceBeyondTheDataSetIsRefusedBeforeItIsSet}).
 */
class OwnMessageFuzzTest {
    private static final FuzzInputs INPUTS = new FuzzInputs(OwnMessageFuzzTest.class);
    private static final List<MessageCodec<?>> CODECS = codecs();
    /** The pieces of the data set the messages are about: 4 Mi, the largest data sets tested. */
    private static final int PIECES = 1 << 22;

    @MethodSource("seeds")
    @FuzzTest(maxExecutions = 200_000)
    void decodesOrRefuses(byte[] input) {
        INPUTS.count();
        if (input.length == 0) {
            return;
        }
        MessageCodec<?> codec = CODECS.get(Byte.toUnsignedInt(input[0]) % CODECS.size());
        byte[] payload = Arrays.copyOfRange(input, 1, input.length);
        Object decoded;
        try {
            decoded = codec.decode(payload, PIECES);
        } catch (MalformedFrameException e) {
            return;
        }
        assertThat(decoded).as("%s decoded", codec.type().getSimpleName()).isNotNull();
        byte[] encoded = encode(codec, decoded);
        assertThat(encode(codec, codec.decode(encoded, PIECES))).as("%s encodes, decodes and encodes to the same bytes",
                decoded).isEqualTo(encoded);
    }

    @AfterAll
    static void ranEveryInput() {
        INPUTS.check();
    }

    private static <M> byte[] encode(MessageCodec<M> codec, Object message) {
        return codec.encode(codec.type().cast(message));
    }

    /** The codec of every protocol on the class path that has messages of its own, in name order. */
    private static List<MessageCodec<?>> codecs() {
        List<MessageCodec<?>> codecs = Protocols.available().values().stream()
                .sorted((a, b) -> a.name().compareTo(b.name()))
                .<MessageCodec<?>>flatMap(protocol -> codecOf(protocol).stream())
                .toList();
        assertThat(codecs).as("protocols with messages of their own").hasSizeGreaterThanOrEqualTo(4);
        return codecs;
    }

    private static Optional<MessageCodec<?>> codecOf(Protocol protocol) {
        return protocol.plan(SimData.clusters(2, 2), new ProtocolOptions(5, 5, 1, Map.of())).messageCodec();
    }

    /** Each codec's first byte with a short payload, and well-formed messages written by hand. */
    static Stream<byte[]> seeds() {
        Stream.Builder<byte[]> seeds = Stream.builder();
        for (int c = 0; c < CODECS.size(); c++) {
            seeds.add(new byte[] {(byte) c, 0, 2, 1, 3});
            seeds.add(new byte[] {(byte) c, 1, 5, 7, 0, 0, 0, 0, 0, 0, 0, 3, 4});
            seeds.add(new byte[] {(byte) c, 2, (byte) 0x80, 1});
        }
        return seeds.build();
    }
}

package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.robber.api.Manifest;
import io.robber.testkit.FuzzInputs;
import io.robber.testkit.FuzzStream;
import io.robber.testkit.TrackingAllocator;
import io.robber.wire.Auth;
import io.robber.wire.Handshake;
import io.robber.wire.KeepAlive;
import io.robber.wire.MalformedFrameException;
import io.robber.wire.Message;
import io.robber.wire.PieceFrame;
import io.robber.wire.PieceStart;
import io.robber.wire.WireCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fuzzes the data channel's decoder ({@link FrameDecoder}, {@link WireCodec}): whatever a peer sends,
 * cut into whatever reads, before its admission (frames of at most 256 bytes) or after it (option bit
 * 0). Every read yields frames or fails with a {@link MalformedFrameException}, after which the
 * connection closes; nothing else. Every message decoded encodes to a frame of the length
 * {@link WireCodec#encodedLength} says, which decodes and encodes to the same bytes again. Once the
 * connection closes, every buffer the decoder allocated has been released; before admission each
 * read costs at most one buffer of twice the frame limit and the read (Netty's cumulation, rounded up
 * to a power of two), whatever lengths the peer announces.
 */
class WireDecoderFuzzTest {
    private static final FuzzInputs INPUTS = new FuzzInputs(WireDecoderFuzzTest.class);
    private static final ByteBufAllocator HEAP = new UnpooledByteBufAllocator(false);

    @MethodSource("seeds")
    @FuzzTest(maxExecutions = 600_000)
    void decodesOrRefuses(byte[] input) {
        INPUTS.count();
        FuzzStream stream = FuzzStream.of(input);
        boolean admitted = stream.option(0);
        TrackingAllocator alloc = new TrackingAllocator();
        FrameDecoder decoder = new FrameDecoder();
        if (admitted) {
            decoder.acceptLargeFrames();
        }
        EmbeddedChannel channel = new EmbeddedChannel(decoder);
        channel.config().setAllocator(alloc);
        List<ByteBuf> reads = stream.reads();
        // Before admission a read costs at most one cumulation: the partial frame (under the limit) and
        // the read, in a buffer rounded up to a power of two.
        long cumulations = reads.stream()
                .mapToLong(read -> 2L * (FrameDecoder.HANDSHAKE_FRAME_LIMIT + 4 + read.readableBytes())).sum();
        for (ByteBuf read : reads) {
            try {
                channel.writeInbound(read);
            } catch (DecoderException e) {
                assertThat(e).hasCauseInstanceOf(MalformedFrameException.class);
                break;
            } finally {
                drain(channel);
            }
        }
        channel.finish();
        drain(channel);
        assertThat(alloc.unreleased()).as("buffers still held after the connection closed").isEmpty();
        if (!admitted) {
            assertThat(alloc.requestedBytes()).as("bytes allocated for a peer not admitted")
                    .isLessThanOrEqualTo(cumulations + 1024);
        }
    }

    @AfterAll
    static void ranEveryInput() {
        INPUTS.check();
    }

    private static void drain(EmbeddedChannel channel) {
        for (Object frame = channel.readInbound(); frame != null; frame = channel.readInbound()) {
            if (frame instanceof PieceFrame piece) {
                assertThat(piece.piece()).isNotNegative();
                piece.data().release();
            } else if (frame instanceof PieceStart start) {
                assertThat(start.piece()).isNotNegative();
            } else {
                assertReencodes(frame);
            }
        }
    }

    private static void assertReencodes(Object decoded) {
        ByteBuf frame = encode(decoded);
        ByteBuf again = null;
        try {
            if (decoded instanceof Message m) {
                assertThat(frame.readableBytes()).as("encodedLength of %s", m).isEqualTo(WireCodec.encodedLength(m));
            }
            again = encode(WireCodec.decode(frame.slice(4, frame.readableBytes() - 4)));
            assertThat(ByteBufUtil.equals(frame, again)).as("%s encodes, decodes and encodes to the same bytes", decoded)
                    .isTrue();
        } finally {
            frame.release();
            if (again != null) {
                again.release();
            }
        }
    }

    private static ByteBuf encode(Object frame) {
        if (frame instanceof Handshake h) {
            return WireCodec.encode(HEAP, h);
        }
        if (frame instanceof Auth a) {
            return WireCodec.encode(HEAP, a);
        }
        if (frame instanceof KeepAlive k) {
            return WireCodec.encode(HEAP, k);
        }
        return WireCodec.encode(HEAP, (Message) frame);
    }

    /** Frames of every kind, as the real encoders write them, before and after admission, in one read or many. */
    static Stream<byte[]> seeds() {
        byte[] opening = concat(new Handshake(Handshake.VERSION, "robber", 0x1234_5678_9abcL, 3, new byte[32]),
                new Auth(new byte[32]), KeepAlive.INSTANCE);
        byte[] messages = concat(messages().toArray());
        ByteBuf piece = WireCodec.pieceHeader(HEAP, 1, 2, 5).writeBytes(new byte[] {1, 2, 3, 4, 5});
        byte[] pieceFrame = ByteBufUtil.getBytes(piece);
        piece.release();
        return Stream.of(
                cumulations(),
                FuzzStream.input(0, 0, opening),
                FuzzStream.input(0, 3, opening),
                FuzzStream.input(1, 0, messages, pieceFrame),
                FuzzStream.input(1, 17, pieceFrame, messages));
    }

    /**
     * A finding of the bounded fuzzing run: many reads before admission, each cumulating a partial
     * frame, allocated 4.8 times the input, past the earlier bound of 4 times the input.
     */
    private static byte[] cumulations() {
        try (var in = WireDecoderFuzzTest.class.getResourceAsStream("WireDecoderFuzzTest-cumulations.bin")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<Object> messages() {
        BitSet few = BitSet.valueOf(new long[] {0b1011_0001});
        BitSet far = new BitSet();
        far.set(3);
        far.set(70_000);
        return Stream.of(new Message.Desire(1, few), new Message.Bitfield(1, few), new Message.Have(1, new int[] {2, 9}),
                new Message.Request(1, 4), new Message.Steal(1), new Message.Work(1, few), new Message.FoundWork(1),
                new Message.Possession(1, new byte[Manifest.DIGEST_LENGTH], far,
                        List.of(new Message.Possession.Held(4, few))),
                new Message.Done(1, far), new Message.Done(1, few), new Message.Dead(1, 2, "gone"),
                new Message.Choke(1, true), new Message.Interest(1, false),
                new Message.ProtocolMessage(1, "own".getBytes(StandardCharsets.US_ASCII)));
    }

    private static byte[] concat(Object... frames) {
        ByteBuf out = HEAP.buffer();
        for (Object f : frames) {
            ByteBuf frame = encode(f);
            out.writeBytes(frame);
            frame.release();
        }
        byte[] bytes = ByteBufUtil.getBytes(out);
        out.release();
        return bytes;
    }
}

package io.robber.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.robber.api.Group;
import io.robber.api.Manifest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class WireCodecTest {
    private static final ByteBufAllocator ALLOC = new UnpooledByteBufAllocator(false);
    private static final int[] INTERESTING = {0, 1, 2, 31, 32, 33, 255, 256, 65535, -1, -2, Integer.MAX_VALUE,
            Integer.MIN_VALUE, Handshake.MAGIC};
    private static final byte[] NONCE = randomBytes(Handshake.NONCE_LENGTH);

    static Stream<Message> messages() {
        byte[] root = new byte[Manifest.DIGEST_LENGTH];
        Arrays.fill(root, (byte) 0xab);
        return Stream.of(
                new Message.Desire(1, bits(0, 1, 2, 63, 64, 100_000)),
                new Message.Desire(0, new BitSet()),
                new Message.Bitfield(2, bits(5, 7)),
                new Message.Have(3, 0),
                new Message.Have(3, Integer.MAX_VALUE),
                new Message.Have(3, new int[] {0, 1, 2, 63, 64, 100_000, Integer.MAX_VALUE}),
                new Message.Request(-4, 17),
                new Message.Steal(5),
                new Message.Work(6, bits(8, 9, 10)),
                new Message.Work(6, new BitSet()),
                new Message.FoundWork(Integer.MAX_VALUE),
                new Message.Possession(7, root, bits(0, 1, 2, 5), List.of(
                        new Message.Possession.Held(3, bits(0, 4095)), new Message.Possession.Held(9, bits(7)))),
                new Message.Possession(7, root, bits(9_999), List.of()),
                new Message.Possession(7, root, new BitSet(), List.of(new Message.Possession.Held(0, bits(1)))),
                new Message.Done(8, bits(0, 1, 63)),
                new Message.Done(8, bits(127, 128, 16_511, Group.MAX_MEMBERS - 1)),
                new Message.Done(8, new BitSet()),
                new Message.Dead(9, 4, "connection lost at c0n1 and not back within 30 s"),
                new Message.Dead(9, 0, ""),
                new Message.Choke(10, true),
                new Message.Choke(10, false),
                new Message.Interest(11, true),
                new Message.Interest(-11, false),
                new Message.ProtocolMessage(12, new byte[0]),
                new Message.ProtocolMessage(-12, "a protocol's own message".getBytes(StandardCharsets.UTF_8)));
    }

    @ParameterizedTest
    @MethodSource("messages")
    void encodedLengthIsTheFrameSizeWithoutEncoding(Message message) {
        ByteBuf encoded = WireCodec.encode(ALLOC, message);
        try {
            assertThat(WireCodec.encodedLength(message)).isEqualTo(encoded.readableBytes());
        } finally {
            encoded.release();
        }
    }

    @ParameterizedTest
    @MethodSource("messages")
    void everyMessageRoundTrips(Message message) {
        ByteBuf encoded = WireCodec.encode(ALLOC, message);

        Object decoded = decodeFramed(encoded);

        assertSame(decoded, message);
    }

    @Test
    void everyMessageTypeIsCovered() {
        assertThat(messages().map(Message::type).distinct())
                .containsExactlyInAnyOrder(Arrays.stream(MessageType.values())
                        .filter(t -> t != MessageType.HANDSHAKE && t != MessageType.AUTH && t != MessageType.PIECE
                                && t != MessageType.KEEP_ALIVE)
                        .toArray(MessageType[]::new));
    }

    @Test
    void handshakeRoundTrips() {
        Handshake h = new Handshake(Handshake.VERSION, "robber", 0x1234_5678_9abc_def0L, 42, NONCE);

        assertThat(decodeFramed(WireCodec.encode(ALLOC, h))).isEqualTo(h);
    }

    @Test
    void handshakeWithLongestNameRoundTrips() {
        Handshake h = new Handshake(0xffff, "p".repeat(Handshake.MAX_PROTOCOL_NAME), -1L, 0, NONCE);

        assertThat(decodeFramed(WireCodec.encode(ALLOC, h))).isEqualTo(h);
    }

    @Test
    void handshakeAndAuthFitThePreHandshakeFrameLimit() {
        ByteBuf longest = WireCodec.encode(ALLOC, new Handshake(0xffff, "p".repeat(Handshake.MAX_PROTOCOL_NAME), -1L,
                0, NONCE));
        ByteBuf auth = WireCodec.encode(ALLOC, new Auth(NONCE));

        assertThat(longest.readableBytes() - 4).isLessThanOrEqualTo(256);
        assertThat(auth.readableBytes() - 4).isLessThanOrEqualTo(256);
        longest.release();
        auth.release();
    }

    @Test
    void authRoundTrips() {
        Auth a = new Auth(NONCE);

        assertThat(decodeFramed(WireCodec.encode(ALLOC, a))).isEqualTo(a);
    }

    @Test
    void keepAliveRoundTripsAsTheSmallestFrame() {
        ByteBuf encoded = WireCodec.encode(ALLOC, KeepAlive.INSTANCE);

        assertThat(encoded.readableBytes()).isEqualTo(4 + 1);
        assertThat(decodeFramed(encoded)).isSameAs(KeepAlive.INSTANCE);
    }

    @Test
    void keepAliveWithAPayloadIsMalformed() {
        assertMalformed(new byte[] {(byte) MessageType.KEEP_ALIVE.code(), 0}, "1 trailing bytes after KEEP_ALIVE frame");
        assertMalformed(body(b -> b.writeByte(MessageType.KEEP_ALIVE.code()).writeInt(1)),
                "4 trailing bytes after KEEP_ALIVE frame");
    }

    @Test
    void authWithAProofOfTheWrongLengthIsMalformed() {
        assertMalformed(body(b -> b.writeByte(MessageType.AUTH.code()).writeZero(31)),
                "auth frame carries 31 bytes, not a 32-byte proof");
        assertMalformed(body(b -> b.writeByte(MessageType.AUTH.code()).writeZero(33)),
                "auth frame carries 33 bytes");
        assertMalformed(new byte[] {(byte) MessageType.AUTH.code()}, "auth frame carries 0 bytes");
    }

    @Test
    void deadReasonsAreBoundedAndPrintable() {
        Message.Dead d = new Message.Dead(1, 2, "line\nbreak" + "x".repeat(500));

        assertThat(d.reason()).startsWith("line break").hasSize(Message.Dead.MAX_REASON_CHARS);
        assertMalformed(body(b -> b.writeByte(MessageType.DEAD.code()).writeInt(1).writeInt(0).writeShort(801)
                .writeZero(801)), "reason of 801 bytes, more than 800");
        assertMalformed(body(b -> b.writeByte(MessageType.DEAD.code()).writeInt(1).writeInt(0).writeShort(5)
                .writeZero(4)), "frame too short for reason");
    }

    @Test
    void pieceFramesRoundTrip() {
        for (int length : new int[] {0, 1, 1000}) {
            byte[] data = new byte[length];
            new SplittableRandom(length).nextBytes(data);
            ByteBuf header = WireCodec.pieceHeader(ALLOC, 7, 3, length);
            assertThat(header.readableBytes()).isEqualTo(WireCodec.PIECE_HEADER_LENGTH);
            ByteBuf frame = Unpooled.wrappedBuffer(header, Unpooled.wrappedBuffer(data));
            assertThat(frame.readInt()).isEqualTo(frame.readableBytes());

            PieceFrame piece = (PieceFrame) WireCodec.decode(frame);

            assertThat(piece.op()).isEqualTo(7);
            assertThat(piece.piece()).isEqualTo(3);
            assertThat(ByteBufUtil.getBytes(piece.data())).isEqualTo(data);
            assertThat(piece.data().release()).isFalse();
            assertThat(frame.refCnt()).isEqualTo(1);
            frame.release();
        }
    }

    @Test
    void encodeRejectsNamesAndVersionsTheWireCannotCarry() {
        assertThatThrownBy(() -> WireCodec.encode(ALLOC, new Handshake(1, "", 0, 0, NONCE)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("protocol name must be 1..64 visible ASCII characters, got ''");
        assertThatThrownBy(() -> WireCodec.encode(ALLOC, new Handshake(1, "p".repeat(65), 0, 0, NONCE)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WireCodec.encode(ALLOC, new Handshake(1, "röbber", 0, 0, NONCE)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WireCodec.encode(ALLOC, new Handshake(1, "rob ber", 0, 0, NONCE)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WireCodec.encode(ALLOC, new Handshake(0x10000, "robber", 0, 0, NONCE)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("wire version must fit in 16 bits, got 65536");
        assertThatThrownBy(() -> new Handshake(1, "robber", 0, 0, new byte[16]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("nonce must be 32 bytes, got 16");
        assertThatThrownBy(() -> new Message.Possession(1, new byte[31], new BitSet(), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("root digest must be 32 bytes, got 31");
    }

    @Test
    void emptyFrameIsMalformed() {
        assertMalformed(new byte[0], "frame too short for type");
    }

    @Test
    void unknownTypesAreMalformed() {
        assertMalformed(new byte[] {0}, "unknown frame type 0");
        assertMalformed(new byte[] {18, 0, 0, 0, 0, 0}, "unknown frame type 18");
        assertMalformed(new byte[] {(byte) 255}, "unknown frame type 255");
    }

    @Test
    void truncatedIntsAreMalformed() {
        assertMalformed(body(b -> b.writeByte(MessageType.STEAL.code()).writeShort(1)),
                "frame too short for operation number");
        assertMalformed(body(b -> b.writeByte(MessageType.HAVE.code()).writeInt(1).writeByte(0x80)),
                "frame too short for piece count");
        assertMalformed(body(b -> b.writeByte(MessageType.DESIRE.code()).writeInt(1).writeByte(0)),
                "frame too short for bitmap length");
        assertMalformed(body(b -> b.writeByte(MessageType.PIECE.code()).writeInt(1).writeMedium(0)),
                "frame too short for piece index");
    }

    @Test
    void bitmapLengthBeyondTheFrameIsMalformed() {
        assertMalformed(body(b -> b.writeByte(MessageType.BITFIELD.code()).writeInt(1).writeInt(1000).writeMedium(7)),
                "bitmap length 1000 exceeds the frame (3 bytes left)");
        assertMalformed(body(b -> b.writeByte(MessageType.WORK.code()).writeInt(1).writeInt(-1)),
                "bitmap length -1 exceeds the frame");
        assertMalformed(body(b -> b.writeByte(MessageType.DONE.code()).writeInt(1).writeByte(0)
                .writeInt(Integer.MAX_VALUE)), "bitmap length 2147483647 exceeds the frame");
    }

    @Test
    void memberSetsBeyondTheFrameOrTheGroupLimitAreMalformed() {
        assertMalformed(body(b -> b.writeByte(MessageType.DONE.code()).writeInt(1).writeByte(2)),
                "unknown member set form 2");
        assertMalformed(body(b -> b.writeByte(MessageType.DONE.code()).writeInt(1).writeByte(1).writeInt(3)
                .writeByte(0)), "member count 3 exceeds the frame (1 bytes left)");
        assertMalformed(body(b -> b.writeByte(MessageType.DONE.code()).writeInt(1).writeByte(1).writeInt(1)
                .writeByte(0x80).writeByte(0x80).writeByte(0x80).writeByte(0x80).writeByte(0x80)),
                "member gap longer than five bytes");
        assertMalformed(body(b -> b.writeByte(MessageType.DONE.code()).writeInt(1).writeByte(1).writeInt(1)
                .writeByte(0xff).writeByte(0xff).writeByte(0xff).writeByte(0xff).writeByte(0x0f)),
                "member gap 4294967295 does not fit an int");
        assertMalformed(body(b -> b.writeByte(MessageType.DONE.code()).writeInt(1).writeByte(1).writeInt(1)
                .writeByte(0x80).writeByte(0x80).writeByte(0x40)), "member set names member 1048576, beyond the 1048576");
        assertMalformed(body(b -> b.writeByte(MessageType.DONE.code()).writeInt(1).writeByte(0).writeInt(131_073)
                .writeZero(131_072).writeByte(1)), "member set names member 1048576, beyond the 1048576");
    }

    @Test
    void heldPossessionsOutOfOrderEmptyOrBeyondTheFrameAreMalformed() {
        byte[] root = new byte[Manifest.DIGEST_LENGTH];
        Consumer<ByteBuf> emptyNone = b -> b.writeByte(MessageType.POSSESSION.code()).writeInt(1).writeBytes(root)
                .writeByte(0).writeInt(0);
        assertMalformed(body(b -> emptyNone.andThen(c -> c.writeInt(2).writeInt(0)).accept(b)),
                "held possession count 2 outside [0, 0] for the frame");
        assertMalformed(body(b -> emptyNone.andThen(c -> c.writeInt(2).writeInt(4).writeInt(1).writeByte(1)
                .writeInt(4).writeInt(1).writeByte(1)).accept(b)),
                "held possession of member 4 after member 4: not strictly ascending");
        assertMalformed(body(b -> emptyNone.andThen(c -> c.writeInt(1).writeInt(4).writeInt(0)).accept(b)),
                "held possession of member 4 names no piece");
        assertMalformed(body(b -> emptyNone.andThen(c -> c.writeInt(1).writeInt(Group.MAX_MEMBERS).writeInt(0))
                .accept(b)), "member index 1048576 beyond the 1048576");
        assertMalformed(body(b -> b.writeByte(MessageType.POSSESSION.code()).writeInt(1).writeBytes(root)
                .writeByte(0).writeInt(1).writeByte(0x10).writeInt(1).writeInt(4).writeInt(1).writeByte(1)),
                "held possession of member 4 after member -1, which is also empty");
    }

    @Test
    void negativeIndicesAreMalformed() {
        assertMalformed(body(b -> b.writeByte(MessageType.REQUEST.code()).writeInt(1).writeInt(Integer.MIN_VALUE)),
                "negative piece index " + Integer.MIN_VALUE);
        assertMalformed(body(b -> b.writeByte(MessageType.PIECE.code()).writeInt(1).writeInt(-5).writeByte(0)),
                "negative piece index -5");
        assertMalformed(body(b -> b.writeByte(MessageType.POSSESSION.code()).writeInt(1)
                .writeZero(Manifest.DIGEST_LENGTH).writeByte(0).writeInt(0).writeInt(1).writeInt(-2).writeInt(0)),
                "negative member index -2");
        assertMalformed(handshake(b -> b.writeInt(Handshake.MAGIC).writeShort(1).writeByte(1).writeByte('r')
                .writeLong(0).writeInt(-1).writeZero(Handshake.NONCE_LENGTH)), "negative member index -1");
    }

    @Test
    void haveCountsAreCheckedAgainstTheFrameBeforeAllocation() {
        assertMalformed(body(b -> {
            b.writeByte(MessageType.HAVE.code()).writeInt(1);
            Varint.write(b, Integer.MAX_VALUE);
            b.writeByte(5);
        }), "piece count 2147483647 outside [1, 1]");
        assertMalformed(body(b -> b.writeByte(MessageType.HAVE.code()).writeInt(1).writeByte(3).writeByte(5)
                .writeByte(0)), "piece count 3 outside [1, 2]");
        assertMalformed(body(b -> b.writeByte(MessageType.HAVE.code()).writeInt(1).writeByte(0)),
                "piece count 0 outside [1, 0]");
        assertMalformed(body(b -> b.writeByte(MessageType.HAVE.code()).writeInt(1).writeByte(1).writeByte(5)
                .writeByte(6)), "1 trailing bytes after HAVE frame");
    }

    @Test
    void havePiecesAreStrictlyAscendingByConstructionAndFitAnInt() {
        ByteBuf gaps = Unpooled.buffer();
        Varint.write(gaps, 2);
        Varint.write(gaps, Integer.MAX_VALUE);
        Varint.write(gaps, 0);
        assertMalformed(body(b -> b.writeByte(MessageType.HAVE.code()).writeInt(1).writeBytes(gaps)),
                "have piece 2147483648 does not fit an int");
        assertMalformed(body(b -> b.writeByte(MessageType.HAVE.code()).writeInt(1).writeByte(2).writeByte(6)
                .writeByte(0x80)), "frame too short for piece gap");
        assertThatThrownBy(() -> new Message.Have(1, new int[] {2, 1})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("strictly ascending");
        assertThatThrownBy(() -> new Message.Have(1, new int[0])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one piece");
        assertThat(Message.Have.of(1, bits(9, 3, 700)).pieces()).containsExactly(3, 9, 700);
    }

    @Test
    void chokeAndInterestFlagsAreOneByteZeroOrOne() {
        assertMalformed(body(b -> b.writeByte(MessageType.CHOKE.code()).writeInt(1)), "frame too short for choked flag");
        assertMalformed(body(b -> b.writeByte(MessageType.CHOKE.code()).writeInt(1).writeByte(2)),
                "choked flag 2 is neither 0 nor 1");
        assertMalformed(body(b -> b.writeByte(MessageType.INTEREST.code()).writeInt(1)),
                "frame too short for interested flag");
        assertMalformed(body(b -> b.writeByte(MessageType.INTEREST.code()).writeInt(1).writeByte(0xff)),
                "interested flag 255 is neither 0 nor 1");
        assertMalformed(body(b -> b.writeByte(MessageType.INTEREST.code()).writeInt(1).writeByte(1).writeByte(0)),
                "1 trailing bytes after INTEREST frame");
        assertMalformed(body(b -> b.writeByte(MessageType.CHOKE.code()).writeInt(1).writeShort(0)),
                "1 trailing bytes after CHOKE frame");
    }

    @Test
    void protocolPayloadLengthIsCheckedBeforeAllocation() {
        int max = Message.ProtocolMessage.MAX_PAYLOAD_BYTES;
        assertMalformed(body(b -> b.writeByte(MessageType.PROTOCOL.code()).writeInt(1).writeShort(0)),
                "frame too short for payload length");
        assertMalformed(body(b -> b.writeByte(MessageType.PROTOCOL.code()).writeInt(1).writeInt(-1)),
                "protocol payload length -1 outside [0, " + max + "]");
        assertMalformed(body(b -> b.writeByte(MessageType.PROTOCOL.code()).writeInt(1).writeInt(max + 1)),
                "protocol payload length " + (max + 1) + " outside [0, " + max + "]");
        assertMalformed(body(b -> b.writeByte(MessageType.PROTOCOL.code()).writeInt(1).writeInt(Integer.MAX_VALUE)),
                "protocol payload length 2147483647 outside");
        assertMalformed(body(b -> b.writeByte(MessageType.PROTOCOL.code()).writeInt(1).writeInt(1000).writeMedium(7)),
                "frame too short for protocol payload: 3 bytes left, 1000 needed");
        assertMalformed(body(b -> b.writeByte(MessageType.PROTOCOL.code()).writeInt(1).writeInt(1).writeShort(7)),
                "1 trailing bytes after PROTOCOL frame");
    }

    @Test
    void theLargestProtocolPayloadRoundTripsAndALargerOneCannotBeSent() {
        byte[] largest = randomBytes(Message.ProtocolMessage.MAX_PAYLOAD_BYTES);
        Message.ProtocolMessage message = new Message.ProtocolMessage(3, largest);
        ByteBuf encoded = WireCodec.encode(ALLOC, message);

        assertThat(encoded.readableBytes() - 4).isLessThanOrEqualTo(WireCodec.MAX_FRAME_LENGTH);
        assertSame(decodeFramed(encoded), message);
        assertThatThrownBy(() -> new Message.ProtocolMessage(3, new byte[Message.ProtocolMessage.MAX_PAYLOAD_BYTES + 1]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a protocol message carries at most " + Message.ProtocolMessage.MAX_PAYLOAD_BYTES
                        + " bytes, got " + (Message.ProtocolMessage.MAX_PAYLOAD_BYTES + 1));
    }

    @Test
    void truncatedRootDigestIsMalformed() {
        assertMalformed(body(b -> b.writeByte(MessageType.POSSESSION.code()).writeInt(1)
                .writeZero(Manifest.DIGEST_LENGTH - 1)), "frame too short for root digest");
    }

    @Test
    void badMagicIsMalformed() {
        assertMalformed(handshake(b -> b.writeInt(0x48545450).writeShort(1).writeByte(1).writeByte('r')
                .writeLong(0).writeInt(0)), "not a Robber peer (bad magic 0x48545450)");
        assertMalformed(handshake(b -> b.writeShort(0x5242)), "frame too short for handshake header");
    }

    @Test
    void protocolNameLengthOutOfRangeIsMalformed() {
        assertMalformed(handshake(b -> b.writeInt(Handshake.MAGIC).writeShort(1).writeByte(0).writeLong(0).writeInt(0)),
                "protocol name length 0 out of range");
        assertMalformed(handshake(b -> b.writeInt(Handshake.MAGIC).writeShort(1).writeByte(65)
                .writeZero(65 + 12)), "protocol name length 65 out of range");
        assertMalformed(handshake(b -> b.writeInt(Handshake.MAGIC).writeShort(1).writeByte(10)
                .writeBytes("rob".getBytes(StandardCharsets.US_ASCII))), "frame too short for handshake body");
    }

    @Test
    void protocolNameBeyondVisibleAsciiIsMalformed() {
        for (int bad : new int[] {0, '\n', ' ', 0x7f, 0xc3}) {
            assertMalformed(handshake(b -> b.writeInt(Handshake.MAGIC).writeShort(1).writeByte(2).writeByte('r')
                    .writeByte(bad).writeLong(0).writeInt(0).writeZero(Handshake.NONCE_LENGTH)),
                    "protocol name holds bytes other than visible ASCII");
        }
    }

    @Test
    void trailingBytesAreMalformed() {
        assertMalformed(body(b -> b.writeByte(MessageType.HAVE.code()).writeInt(1).writeByte(1).writeByte(2).writeByte(0)),
                "1 trailing bytes after HAVE frame");
        assertMalformed(body(b -> b.writeByte(MessageType.STEAL.code()).writeInt(1).writeShort(0)),
                "2 trailing bytes after STEAL frame");
        assertMalformed(body(b -> b.writeByte(MessageType.DESIRE.code()).writeInt(1).writeInt(1).writeByte(1)
                .writeByte(9)), "1 trailing bytes after DESIRE frame");
        assertMalformed(handshake(b -> b.writeInt(Handshake.MAGIC).writeShort(1).writeByte(1).writeByte('r')
                .writeLong(0).writeInt(0).writeZero(Handshake.NONCE_LENGTH).writeByte(0)), "trailing bytes after handshake");
    }

    @Test
    void randomFramesOnlyEverFailAsMalformed() {
        SplittableRandom random = new SplittableRandom(20_240_601);
        for (int i = 0; i < 20_000; i++) {
            byte[] frame = new byte[random.nextInt(257)];
            random.nextBytes(frame);
            if (frame.length > 0 && random.nextInt(4) > 0) {
                frame[0] = (byte) random.nextInt(MessageType.KEEP_ALIVE.code() + 2);
            }
            decodeSafely(frame);
        }
    }

    @Test
    void mutatedValidFramesOnlyEverFailAsMalformed() {
        List<byte[]> valid = validBodies();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            byte[] frame = valid.get(random.nextInt(valid.size()));
            for (int m = 1 + random.nextInt(3); m > 0; m--) {
                frame = mutate(frame, random);
            }
            decodeSafely(frame);
        }
    }

    /** Decodes a frame body, accepting only success or a MalformedFrameException, and checks no buffer leaks. */
    private static void decodeSafely(byte[] body) {
        ByteBuf frame = Unpooled.wrappedBuffer(body);
        Object decoded = null;
        try {
            decoded = WireCodec.decode(frame);
        } catch (MalformedFrameException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        } catch (Throwable t) {
            throw new AssertionError("decode threw " + t + " for frame " + ByteBufUtil.hexDump(body), t);
        }
        if (decoded instanceof PieceFrame piece) {
            assertThat(piece.data().release()).isFalse();
        } else if (decoded instanceof Message message) {
            assertSame(decodeFramed(WireCodec.encode(ALLOC, message)), message);
        } else if (decoded instanceof Handshake handshake) {
            assertThat(decodeFramed(WireCodec.encode(ALLOC, handshake))).isEqualTo(handshake);
        } else if (decoded instanceof Auth auth) {
            assertThat(decodeFramed(WireCodec.encode(ALLOC, auth))).isEqualTo(auth);
        }
        assertThat(frame.refCnt()).as("references to frame %s", ByteBufUtil.hexDump(body)).isEqualTo(1);
        frame.release();
    }

    private static byte[] mutate(byte[] frame, SplittableRandom random) {
        int at = frame.length == 0 ? 0 : random.nextInt(frame.length);
        switch (random.nextInt(5)) {
            case 0 -> {
                byte[] copy = frame.clone();
                if (copy.length > 0) {
                    copy[at] = (byte) random.nextInt(256);
                }
                return copy;
            }
            case 1 -> {
                return Arrays.copyOf(frame, random.nextInt(frame.length + 1));
            }
            case 2 -> {
                byte[] tail = new byte[1 + random.nextInt(8)];
                random.nextBytes(tail);
                byte[] longer = Arrays.copyOf(frame, frame.length + tail.length);
                System.arraycopy(tail, 0, longer, frame.length, tail.length);
                return longer;
            }
            case 3 -> {
                byte[] copy = Arrays.copyOf(frame, Math.max(frame.length, at + 4));
                Unpooled.wrappedBuffer(copy).setInt(at, INTERESTING[random.nextInt(INTERESTING.length)]);
                return copy;
            }
            default -> {
                byte[] shorter = new byte[Math.max(0, frame.length - 1)];
                System.arraycopy(frame, 0, shorter, 0, Math.min(at, shorter.length));
                if (at < shorter.length) {
                    System.arraycopy(frame, at + 1, shorter, at, shorter.length - at);
                }
                return shorter;
            }
        }
    }

    private static List<byte[]> validBodies() {
        List<ByteBuf> frames = new ArrayList<>();
        messages().forEach(m -> frames.add(WireCodec.encode(ALLOC, m)));
        frames.add(WireCodec.encode(ALLOC, new Handshake(Handshake.VERSION, "robber", 99L, 3, NONCE)));
        frames.add(WireCodec.encode(ALLOC, new Auth(NONCE)));
        frames.add(WireCodec.encode(ALLOC, KeepAlive.INSTANCE));
        frames.add(Unpooled.wrappedBuffer(WireCodec.pieceHeader(ALLOC, 1, 2, 5), Unpooled.wrappedBuffer(new byte[5])));
        frames.add(WireCodec.pieceHeader(ALLOC, 1, 2, 0));
        List<byte[]> bodies = new ArrayList<>();
        for (ByteBuf frame : frames) {
            frame.skipBytes(4);
            bodies.add(ByteBufUtil.getBytes(frame));
            frame.release();
        }
        return bodies;
    }

    /** Checks the length prefix of an encoded frame, decodes its body and releases it. */
    private static Object decodeFramed(ByteBuf encoded) {
        try {
            assertThat(encoded.readInt()).isEqualTo(encoded.readableBytes());
            return WireCodec.decode(encoded);
        } finally {
            encoded.release();
        }
    }

    private static void assertSame(Object decoded, Message expected) {
        if (expected instanceof Message.Possession p) {
            assertThat(decoded).isInstanceOfSatisfying(Message.Possession.class, d -> {
                assertThat(d.op()).isEqualTo(p.op());
                assertThat(d.rootDigest()).isEqualTo(p.rootDigest());
                assertThat(d.empty()).isEqualTo(p.empty());
                assertThat(d.held()).isEqualTo(p.held());
            });
        } else if (expected instanceof Message.ProtocolMessage p) {
            assertThat(decoded).isInstanceOfSatisfying(Message.ProtocolMessage.class, d -> {
                assertThat(d.op()).isEqualTo(p.op());
                assertThat(d.payload()).isEqualTo(p.payload());
            });
        } else {
            assertThat(decoded).isEqualTo(expected);
        }
    }

    private static void assertMalformed(byte[] frame, String message) {
        ByteBuf buf = Unpooled.wrappedBuffer(frame);
        assertThatThrownBy(() -> WireCodec.decode(buf))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining(message);
        assertThat(buf.refCnt()).isEqualTo(1);
    }

    private static byte[] body(Consumer<ByteBuf> writer) {
        ByteBuf buf = Unpooled.buffer();
        writer.accept(buf);
        return ByteBufUtil.getBytes(buf);
    }

    private static byte[] handshake(Consumer<ByteBuf> writer) {
        return body(b -> {
            b.writeByte(MessageType.HANDSHAKE.code());
            writer.accept(b);
        });
    }

    private static byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        new SplittableRandom(length).nextBytes(bytes);
        return bytes;
    }

    private static BitSet bits(int... indices) {
        BitSet set = new BitSet();
        Arrays.stream(indices).forEach(set::set);
        return set;
    }
}

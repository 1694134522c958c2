package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.robber.wire.Message;
import io.robber.wire.MessageType;
import io.robber.wire.PieceFrame;
import io.robber.wire.PieceStart;
import io.robber.wire.WireCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FrameDecoderTest {

    @Test
    void piecesAndMessagesSurviveAnySplitOfTheStream() {
        SplittableRandom random = new SplittableRandom(7);
        byte[][] payloads = {bytes(random, 70_000), bytes(random, 0), bytes(random, 1), bytes(random, 4096)};
        ByteBuf stream = Unpooled.buffer();
        for (int i = 0; i < payloads.length; i++) {
            stream.writeBytes(WireCodec.encode(stream.alloc(), new Message.Have(3, i)));
            stream.writeBytes(WireCodec.pieceHeader(stream.alloc(), 3, i, payloads[i].length));
            stream.writeBytes(payloads[i]);
        }
        stream.writeBytes(WireCodec.encode(stream.alloc(), new Message.Request(3, 9)));
        byte[] wire = ByteBufUtil.getBytes(stream);

        for (int chunk : new int[] {1, 3, 13, 1000, 65_536, wire.length}) {
            List<Object> decoded = feed(wire, chunk);

            assertThat(decoded).as("chunks of %d bytes", chunk).hasSize(3 * payloads.length + 1);
            for (int i = 0; i < payloads.length; i++) {
                assertThat(decoded.get(3 * i)).isEqualTo(new Message.Have(3, i));
                assertThat(decoded.get(3 * i + 1)).as("the header's news, before the data").isEqualTo(new PieceStart(3, i));
                PieceFrame piece = (PieceFrame) decoded.get(3 * i + 2);
                assertThat(piece.op()).isEqualTo(3);
                assertThat(piece.piece()).isEqualTo(i);
                assertThat(ByteBufUtil.getBytes(piece.data())).isEqualTo(payloads[i]);
                if (payloads[i].length > 0) {
                    assertThat(piece.data().isDirect()).isTrue();
                    assertThat(piece.data().release()).as("the decoder keeps no reference to a piece").isTrue();
                }
            }
            assertThat(decoded.get(decoded.size() - 1)).isEqualTo(new Message.Request(3, 9));
        }
    }

    @Test
    void aPieceFrameTooShortForItsIndexIsMalformed() {
        EmbeddedChannel channel = admitted();
        ByteBuf frame = Unpooled.buffer().writeInt(5).writeByte(MessageType.PIECE.code()).writeInt(1);

        assertThatThrownBy(() -> channel.writeInbound(frame)).isInstanceOf(DecoderException.class)
                .hasMessageContaining("too short for piece index");
    }

    @Test
    void aNegativePieceIndexIsMalformed() {
        EmbeddedChannel channel = admitted();
        ByteBuf frame = WireCodec.pieceHeader(Unpooled.buffer().alloc(), 1, -1, 4).writeInt(0);

        assertThatThrownBy(() -> channel.writeInbound(frame)).isInstanceOf(DecoderException.class)
                .hasMessageContaining("negative piece index");
    }

    /**
     * Found by WireDecoderFuzzTest: frames, then one of unknown type 19, then more frames and a piece, in
     * one read. The decoder refused the unknown frame, but decoded the frames after it when the
     * connection closed, and handed them on, the piece's buffer with them.
     */
    @Test
    void nothingAfterAMalformedFrameIsDecodedEvenWhenTheConnectionCloses() {
        EmbeddedChannel channel = admitted();
        List<ByteBuf> allocated = trackDirectBuffers(channel);
        ByteBuf stream = Unpooled.buffer();
        stream.writeBytes(WireCodec.encode(stream.alloc(), new Message.Request(1, 2)));
        stream.writeInt(5).writeByte(19).writeInt(1);
        stream.writeBytes(WireCodec.encode(stream.alloc(), new Message.Request(1, 3)));
        stream.writeBytes(WireCodec.pieceHeader(stream.alloc(), 1, 0, 5)).writeBytes(new byte[5]);

        assertThatThrownBy(() -> channel.writeInbound(stream)).isInstanceOf(DecoderException.class)
                .hasMessageContaining("unknown frame type 19");
        channel.close();

        assertThat((Object) channel.readInbound()).isEqualTo(new Message.Request(1, 2));
        assertThat((Object) channel.readInbound()).as("decoded after the malformed frame").isNull();
        assertThat(allocated).isEmpty();
    }

    @Test
    void aPieceCutOffByTheConnectionIsReleased() {
        EmbeddedChannel channel = admitted();
        ByteBuf header = WireCodec.pieceHeader(Unpooled.buffer().alloc(), 1, 0, 1000);
        List<ByteBuf> allocated = trackDirectBuffers(channel);

        channel.writeInbound(header, Unpooled.wrappedBuffer(new byte[10]));
        assertThat((Object) channel.readInbound()).as("the piece was on its way").isEqualTo(new PieceStart(1, 0));
        channel.close();

        assertThat(allocated).hasSize(1);
        assertThat(allocated.get(0).refCnt()).isZero();
        assertThat((Object) channel.readInbound()).isNull();
    }

    /** The direct buffers the decoder allocates on {@code channel} (for pieces), from now on. */
    private static List<ByteBuf> trackDirectBuffers(EmbeddedChannel channel) {
        List<ByteBuf> allocated = new ArrayList<>();
        channel.config().setAllocator(new AbstractByteBufAllocator(true) {
            @Override
            protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
                return Unpooled.buffer(initialCapacity, maxCapacity);
            }

            @Override
            protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
                ByteBuf buf = Unpooled.directBuffer(initialCapacity, maxCapacity);
                allocated.add(buf);
                return buf;
            }

            @Override
            public boolean isDirectBufferPooled() {
                return false;
            }
        });
        return allocated;
    }

    private static List<Object> feed(byte[] wire, int chunk) {
        EmbeddedChannel channel = admitted();
        for (int from = 0; from < wire.length; from += chunk) {
            channel.writeInbound(Unpooled.copiedBuffer(wire, from, Math.min(chunk, wire.length - from)));
        }
        List<Object> decoded = new ArrayList<>();
        for (Object o = channel.readInbound(); o != null; o = channel.readInbound()) {
            decoded.add(o);
        }
        channel.finishAndReleaseAll();
        return decoded;
    }

    private static EmbeddedChannel admitted() {
        FrameDecoder decoder = new FrameDecoder();
        decoder.acceptLargeFrames();
        return new EmbeddedChannel(decoder);
    }

    private static byte[] bytes(SplittableRandom random, int length) {
        byte[] b = new byte[length];
        random.nextBytes(b);
        return b;
    }
}

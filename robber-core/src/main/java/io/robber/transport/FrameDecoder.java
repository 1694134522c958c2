package io.robber.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.robber.wire.MalformedFrameException;
import io.robber.wire.MessageType;
import io.robber.wire.PieceFrame;
import io.robber.wire.PieceStart;
import io.robber.wire.WireCodec;
import java.util.List;

/**
 * Splits the byte stream into length-prefixed frames and decodes them. Until the peer is admitted
 * (its handshake checked and its proof of the secret verified), frames are limited to a few hundred
 * bytes, so an unauthenticated peer cannot make the node buffer a large frame.
 *
 * <p>A piece's data is copied once, from the socket's read buffers straight into one pooled direct
 * buffer of the piece's length, which is then digested and written to storage in place; other
 * frames are decoded from the accumulated stream. A {@link PieceStart} goes out as soon as a piece's
 * header is read, before its data.
 *
 * <p>A frame that breaks the wire format fails the decoder with a {@link MalformedFrameException} and the
 * connection is closed; the bytes after that frame are dropped, not decoded as the connection closes
 * (which Netty's decoder does with whatever it still holds).
 */
final class FrameDecoder extends ByteToMessageDecoder {
    static final int HANDSHAKE_FRAME_LIMIT = 256;

    private int maxFrameLength = HANDSHAKE_FRAME_LIMIT;
    /** The piece whose data is arriving, or null between frames. */
    private PieceFrame assembling;
    /** A frame broke the wire format: nothing after it is decoded, not even as the connection closes. */
    private boolean failed;

    /** Lifts the frame limit once the peer is admitted. */
    void acceptLargeFrames() {
        maxFrameLength = WireCodec.MAX_FRAME_LENGTH;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        try {
            decodeFrame(ctx, in, out);
        } catch (RuntimeException e) {
            failed = true;
            in.skipBytes(in.readableBytes());
            throw e;
        }
    }

    private void decodeFrame(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (assembling != null) {
            fill(in, out);
            return;
        }
        if (in.readableBytes() < 4) {
            return;
        }
        int length = in.getInt(in.readerIndex());
        if (length < 1 || length > maxFrameLength) {
            throw new MalformedFrameException("frame length " + length + " outside [1, " + maxFrameLength + "]");
        }
        if (isPiece(in, length)) {
            if (in.readableBytes() >= WireCodec.PIECE_HEADER_LENGTH) {
                assembling = WireCodec.readPieceHeader(in, ctx.alloc());
                out.add(new PieceStart(assembling.op(), assembling.piece()));
                fill(in, out);
            }
            return;
        }
        if (in.readableBytes() < 4 + length) {
            return;
        }
        in.skipBytes(4);
        ByteBuf frame = in.readSlice(length);
        out.add(WireCodec.decode(frame));
    }

    /** A piece frame long enough for its header; a shorter one is left to the codec to refuse. */
    private static boolean isPiece(ByteBuf in, int length) {
        return in.readableBytes() > 4 && length >= WireCodec.PIECE_HEADER_LENGTH - 4
                && in.getUnsignedByte(in.readerIndex() + 4) == MessageType.PIECE.code();
    }

    private void fill(ByteBuf in, List<Object> out) {
        ByteBuf data = assembling.data();
        data.writeBytes(in, Math.min(in.readableBytes(), data.writableBytes()));
        if (!data.isWritable()) {
            out.add(assembling);
            assembling = null;
        }
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        if (assembling != null) {
            assembling.data().release();
            assembling = null;
        }
    }
}

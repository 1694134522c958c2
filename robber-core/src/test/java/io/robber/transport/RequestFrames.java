package io.robber.transport;

import io.netty.buffer.ByteBuf;
import io.robber.wire.MessageType;

/** Tells a node's outgoing {@code request} frames on the wire, for test handlers that act on the first one. */
final class RequestFrames {
    private RequestFrames() {
    }

    /** Whether {@code b} is one whole {@code request} frame: length 9, type, op and piece. */
    static boolean isRequest(ByteBuf b) {
        return b.readableBytes() == 13 && b.getInt(b.readerIndex()) == 9
                && b.getByte(b.readerIndex() + 4) == MessageType.REQUEST.code();
    }

    /** The operation of the request frame {@code b}. */
    static int op(ByteBuf b) {
        return b.getInt(b.readerIndex() + 5);
    }

    /** The piece the request frame {@code b} asks for. */
    static int piece(ByteBuf b) {
        return b.getInt(b.readerIndex() + 9);
    }
}

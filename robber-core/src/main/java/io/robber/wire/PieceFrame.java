package io.robber.wire;

import io.netty.buffer.ByteBuf;

/** A received piece: its payload stays a (retained) buffer until it is verified and stored. */
public record PieceFrame(int op, int piece, ByteBuf data) {
}

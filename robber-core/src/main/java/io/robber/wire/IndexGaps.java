package io.robber.wire;

import io.netty.buffer.ByteBuf;
import java.util.BitSet;

/**
 * Ascending non-negative indices on the wire as {@link Varint}s: each index's distance from the
 * previous one (from -1 for the first), less one. Indices a few apart take a byte each, and the order
 * is strict by construction. The sets of members ({@link MemberSets}, a {@link BitSet}) and the pieces
 * of a {@code have} (an ascending {@code int[]}) use it; each writes its own count first. Both are
 * encoded for every message sent, so neither form is copied or iterated through a stream.
 */
final class IndexGaps {
    private IndexGaps() {
    }

    static void write(ByteBuf out, int[] ascending) {
        int previous = -1;
        for (int index : ascending) {
            Varint.write(out, gap(previous, index));
            previous = index;
        }
    }

    static void write(ByteBuf out, BitSet indices) {
        int previous = -1;
        for (int index = indices.nextSetBit(0); index >= 0; index = indices.nextSetBit(index + 1)) {
            Varint.write(out, gap(previous, index));
            previous = index;
        }
    }

    /** What {@link #write(ByteBuf, int[])} writes for {@code ascending}. */
    static int length(int[] ascending) {
        int length = 0;
        int previous = -1;
        for (int index : ascending) {
            length += Varint.length(gap(previous, index));
            previous = index;
        }
        return length;
    }

    /** What {@link #write(ByteBuf, BitSet)} writes for {@code indices}. */
    static int length(BitSet indices) {
        int length = 0;
        int previous = -1;
        for (int index = indices.nextSetBit(0); index >= 0; index = indices.nextSetBit(index + 1)) {
            length += Varint.length(gap(previous, index));
            previous = index;
        }
        return length;
    }

    /**
     * The index after {@code previous} (-1 before the first), read from {@code in}; a long, so that
     * the caller can refuse one beyond its range before using it.
     */
    static long next(ByteBuf in, long previous, String what) {
        return previous + Varint.read(in, what) + 1L;
    }

    private static int gap(int previous, int index) {
        return index - previous - 1;
    }
}

package io.robber.wire;

import io.netty.buffer.ByteBuf;
import java.util.PrimitiveIterator;

/**
 * Ascending non-negative indices on the wire as {@link Varint}s: each index's distance from the
 * previous one (from -1 for the first), less one. Indices a few apart take a byte each, and the order
 * is strict by construction. The sets of members ({@link MemberSets}) and the pieces of a
 * {@code have} use it; each writes its own count first.
 */
final class IndexGaps {
    private IndexGaps() {
    }

    static void write(ByteBuf out, PrimitiveIterator.OfInt ascending) {
        int previous = -1;
        while (ascending.hasNext()) {
            int index = ascending.nextInt();
            Varint.write(out, index - previous - 1);
            previous = index;
        }
    }

    /** What {@link #write} writes for {@code ascending}. */
    static int length(PrimitiveIterator.OfInt ascending) {
        int length = 0;
        int previous = -1;
        while (ascending.hasNext()) {
            int index = ascending.nextInt();
            length += Varint.length(index - previous - 1);
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
}

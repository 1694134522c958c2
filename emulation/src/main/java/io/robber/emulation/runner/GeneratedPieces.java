package io.robber.emulation.runner;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

/**
 * The pieces that the {@link SyntheticStorage} copies of one run generated last, shared by all of
 * them, so that a piece which 63 nodes serve in turn is generated about once rather than 63 times:
 * what a page cache does for real files. Direct-mapped by piece index within a byte budget; a piece
 * that finds its slot taken by another is generated again. Thread-safe.
 */
final class GeneratedPieces {
    /** Heap held by the pieces of one run. */
    static final long BUDGET_BYTES = 32L << 20;

    private record Entry(int piece, byte[] bytes) {
    }

    private final AtomicReferenceArray<Entry> slots;

    GeneratedPieces(int pieceSize) {
        slots = new AtomicReferenceArray<>((int) Math.max(1, BUDGET_BYTES / pieceSize));
    }

    /** The bytes of {@code piece}: the kept ones, or those {@code generate} makes (and that are kept). */
    byte[] get(int piece, IntFunction<byte[]> generate) {
        int slot = piece % slots.length();
        Entry e = slots.get(slot);
        if (e != null && e.piece() == piece) {
            return e.bytes();
        }
        byte[] bytes = generate.apply(piece);
        slots.set(slot, new Entry(piece, bytes));
        return bytes;
    }
}

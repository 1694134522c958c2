package io.robber.emulation.runner;

import io.robber.api.Storage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Storage for benchmarks whose content is a deterministic function of the position, so that 64 nodes
 * × 600 MB need no memory. A receiver records which pieces were written (writes happen only after a
 * piece's SHA-256 matched the manifest, which was computed from the same function) and serves a
 * piece by regenerating it — byte-identical to what it received. Reading a piece it never received
 * is a protocol bug and fails.
 */
public final class SyntheticStorage implements Storage {
    private final long size;
    private final int pieceSize;
    private final long seed;
    private final BitSet written = new BitSet();
    private final int pieceCount;
    private final GeneratedPieces generated;

    private SyntheticStorage(long size, int pieceSize, long seed, boolean complete, GeneratedPieces generated) {
        this.size = size;
        this.pieceSize = pieceSize;
        this.seed = seed;
        this.generated = generated;
        this.pieceCount = (int) ((size + pieceSize - 1) / pieceSize);
        if (complete) {
            written.set(0, pieceCount);
        }
    }

    /** The root's copy: every piece present. */
    public static SyntheticStorage full(long size, int pieceSize, long seed) {
        return new SyntheticStorage(size, pieceSize, seed, true, new GeneratedPieces(pieceSize));
    }

    /** A receiver's copy: nothing present yet. */
    public static SyntheticStorage empty(long size, int pieceSize, long seed) {
        return new SyntheticStorage(size, pieceSize, seed, false, new GeneratedPieces(pieceSize));
    }

    /**
     * The copies of a group: member 0's full, the others empty, all sharing the pieces generated last
     * ({@link GeneratedPieces}), so that serving a piece costs a copy, as from a page cache, rather
     * than generating it again.
     */
    public static List<SyntheticStorage> group(long size, int pieceSize, long seed, int members) {
        GeneratedPieces generated = new GeneratedPieces(pieceSize);
        List<SyntheticStorage> copies = new ArrayList<>(members);
        for (int m = 0; m < members; m++) {
            copies.add(new SyntheticStorage(size, pieceSize, seed, m == 0, generated));
        }
        return copies;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void read(long position, ByteBuffer dst) {
        int length = dst.remaining();
        check(position, length);
        synchronized (written) {
            int first = (int) (position / pieceSize);
            int last = (int) ((position + Math.max(length, 1) - 1) / pieceSize);
            int missing = written.nextClearBit(first);
            if (length > 0 && missing <= last) {
                throw new IllegalStateException("piece " + missing + " read before it was received");
            }
        }
        if (position % pieceSize == 0 && length == pieceLength((int) (position / pieceSize))) {
            dst.put(generated.get((int) (position / pieceSize), this::generatePiece));
        } else {
            generate(position, dst);
        }
    }

    private int pieceLength(int piece) {
        return (int) Math.min(pieceSize, size - (long) piece * pieceSize);
    }

    private byte[] generatePiece(int piece) {
        byte[] bytes = new byte[pieceLength(piece)];
        generate((long) piece * pieceSize, ByteBuffer.wrap(bytes));
        return bytes;
    }

    @Override
    public void write(long position, ByteBuffer src) {
        int length = src.remaining();
        check(position, length);
        if (position % pieceSize != 0 || (length != pieceSize && position + length != size)) {
            throw new IllegalArgumentException("synthetic storage takes whole pieces only");
        }
        src.position(src.limit());
        synchronized (written) {
            written.set((int) (position / pieceSize));
        }
    }

    /** True when every piece has been received (or this is the root's copy). */
    public boolean complete() {
        synchronized (written) {
            return written.cardinality() == pieceCount;
        }
    }

    /** The content function: little-endian 8-byte words from a SplitMix64 hash of (seed, word index). */
    private void generate(long position, ByteBuffer dst) {
        long word = position >>> 3;
        int skip = (int) (position & 7);
        if (skip != 0) {
            long value = wordAt(word++);
            for (int b = skip; b < 8 && dst.hasRemaining(); b++) {
                dst.put((byte) (value >>> (8 * b)));
            }
        }
        ByteOrder order = dst.order();
        dst.order(ByteOrder.LITTLE_ENDIAN);
        while (dst.remaining() >= 8) {
            dst.putLong(wordAt(word++));
        }
        dst.order(order);
        long value = wordAt(word);
        for (int b = 0; dst.hasRemaining(); b++) {
            dst.put((byte) (value >>> (8 * b)));
        }
    }

    private long wordAt(long word) {
        return mix(seed + word * 0x9E3779B97F4A7C15L);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private void check(long position, int length) {
        if (position < 0 || position > size - length) {
            throw new IndexOutOfBoundsException("range [" + position + ", " + (position + length) + ") outside [0, "
                    + size + ")");
        }
    }
}

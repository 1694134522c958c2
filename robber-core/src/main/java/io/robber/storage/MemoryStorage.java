package io.robber.storage;

import io.robber.api.Storage;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * A data set held in memory. Bytes live in chunks of at most 1 GiB, so a memory storage can be
 * larger than one Java array (2 GiB). Concurrent reads and writes of disjoint ranges are safe.
 *
 * <p>A storage of a given size keeps its bytes in direct memory, outside the Java heap: the
 * transport sends a piece {@linkplain #view straight from it} to the socket, where bytes on the heap
 * would be copied into direct memory first. A storage that {@linkplain #wrap wraps an array} keeps
 * its bytes in that array.
 */
public final class MemoryStorage implements Storage {
    static final int DEFAULT_CHUNK_SIZE = 1 << 30;
    /** The largest array length every JVM allocates. */
    static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    private final long size;
    private final int chunkSize;
    private final ByteBuffer[] chunks;

    /** A zero-filled storage of {@code size} bytes, in direct memory. */
    public MemoryStorage(long size) {
        this(size, DEFAULT_CHUNK_SIZE);
    }

    MemoryStorage(long size, int chunkSize) {
        if (size < 0) {
            throw new IllegalArgumentException("storage size must not be negative: " + size);
        }
        if (chunkSize <= 0) {
            throw new IllegalArgumentException("chunk size must be positive: " + chunkSize);
        }
        long count = size / chunkSize + (size % chunkSize == 0 ? 0 : 1);
        if (count > MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("storage of " + size + " bytes needs too many chunks of " + chunkSize);
        }
        this.size = size;
        this.chunkSize = chunkSize;
        this.chunks = new ByteBuffer[(int) count];
        for (int i = 0; i < chunks.length; i++) {
            chunks[i] = ByteBuffer.allocateDirect((int) Math.min(chunkSize, size - (long) i * chunkSize));
        }
    }

    private MemoryStorage(byte[] data) {
        this.size = data.length;
        this.chunkSize = Math.max(1, data.length);
        this.chunks = new ByteBuffer[] {ByteBuffer.wrap(data)};
    }

    /** A storage backed by {@code data} itself, not a copy: writes land in the array. */
    public static MemoryStorage wrap(byte[] data) {
        return new MemoryStorage(data);
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void read(long position, ByteBuffer dst) {
        StorageBounds.check("read", position, dst.remaining(), size);
        transfer(position, dst.remaining(), (chunk, offset, length) -> {
            dst.put(dst.position(), chunk, offset, length);
            dst.position(dst.position() + length);
        });
    }

    @Override
    public void write(long position, ByteBuffer src) {
        StorageBounds.check("write", position, src.remaining(), size);
        transfer(position, src.remaining(), (chunk, offset, length) -> {
            chunk.put(offset, src, src.position(), length);
            src.position(src.position() + length);
        });
    }

    @Override
    public Optional<ByteBuffer> view(long position, int length) {
        StorageBounds.check("view", position, length, size);
        ByteBuffer chunk = chunks[(int) (position / chunkSize)];
        int offset = (int) (position % chunkSize);
        if (length > chunk.capacity() - offset) {
            return Optional.empty();
        }
        return Optional.of(chunk.slice(offset, length).asReadOnlyBuffer());
    }

    @Override
    public boolean inMemory() {
        return true;
    }

    /** A copy of all bytes in one array. */
    public byte[] toByteArray() {
        byte[] copy = new byte[arrayLength(size)];
        read(0, ByteBuffer.wrap(copy));
        return copy;
    }

    static int arrayLength(long size) {
        if (size > MAX_ARRAY_LENGTH) {
            throw new IllegalStateException("storage of " + size + " bytes does not fit in one byte array;"
                    + " read it by position instead");
        }
        return (int) size;
    }

    private void transfer(long position, int length, Segment segment) {
        long at = position;
        int left = length;
        while (left > 0) {
            ByteBuffer chunk = chunks[(int) (at / chunkSize)];
            int offset = (int) (at % chunkSize);
            int n = Math.min(left, chunk.capacity() - offset);
            segment.apply(chunk, offset, n);
            at += n;
            left -= n;
        }
    }

    /** Copies between a buffer and {@code length} bytes of a chunk from {@code offset}. */
    @FunctionalInterface
    private interface Segment {
        void apply(ByteBuffer chunk, int offset, int length);
    }

    @Override
    public String toString() {
        return "MemoryStorage[" + size + " bytes]";
    }
}

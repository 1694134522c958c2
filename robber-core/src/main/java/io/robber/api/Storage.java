package io.robber.api;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Optional;

/**
 * Byte-addressed storage for one data set. Protocols address it by piece through the
 * {@link Manifest}; positions are {@code long}, so data sets beyond 2 GiB work.
 *
 * <p>Implementations must allow concurrent positional reads and writes of disjoint ranges.
 */
public interface Storage extends Closeable {

    /** Size of the data set in bytes. */
    long size();

    /** Reads exactly {@code dst.remaining()} bytes starting at {@code position}. */
    void read(long position, ByteBuffer dst) throws IOException;

    /** Writes all of {@code src} starting at {@code position}. */
    void write(long position, ByteBuffer src) throws IOException;

    /**
     * A file channel whose bytes at {@code [0, size)} are this storage, when the storage is a
     * single file: the transport then sends pieces zero-copy from it.
     */
    default Optional<FileChannel> fileChannel() {
        return Optional.empty();
    }

    /**
     * The bytes at {@code [position, position + length)} in place, as a read-only buffer, when the
     * storage keeps them in memory that stays where it is while the storage is in use: the transport
     * then sends a piece straight from it, without copying it into a buffer of its own first. The
     * transport asks only for pieces the node holds, whose bytes no longer change. Empty when the
     * storage has no such memory, or the range does not lie in one block of it.
     */
    default Optional<ByteBuffer> view(long position, int length) {
        return Optional.empty();
    }

    /**
     * Whether reads only copy bytes out of memory and never wait for a device: the transport then
     * reads a piece it sends on the node's event loop instead of handing it to the storage pool and
     * back (two thread hand-offs per piece).
     */
    default boolean inMemory() {
        return false;
    }

    /** Makes written data durable. */
    default void force() throws IOException {
    }

    @Override
    default void close() throws IOException {
    }
}

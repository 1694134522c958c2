package io.robber.storage;

import io.robber.api.Storage;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A data set held in one file, accessed by positional I/O through a single {@link FileChannel}, so
 * concurrent reads and writes of disjoint ranges are safe and sizes beyond 2 GiB work. The channel
 * is exposed for zero-copy sends.
 *
 * <p>Writes go one at a time. Linux takes a file's inode lock for every buffered write, so writers of
 * one file never run in parallel; several of them spin and sleep on that lock in the kernel, which
 * took 6 % of a push's CPU (docs/perf.md, "One writer per file").
 * Waiting here instead leaves the kernel uncontended. Reads and zero-copy sends do not wait.
 */
public final class FileStorage implements Storage {
    private final Path path;
    private final FileChannel channel;
    private final long size;
    private final boolean writable;
    /** Held for each write: see the class comment. */
    private final ReentrantLock writes = new ReentrantLock();

    private FileStorage(Path path, FileChannel channel, long size, boolean writable) {
        this.path = path;
        this.channel = channel;
        this.size = size;
        this.writable = writable;
    }

    /** Opens an existing file read-only, e.g. the data set on a root. */
    public static FileStorage open(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            throw new IOException(path + " is a directory, not a file");
        }
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(path.toString(), null, "no such file");
        }
        try {
            return new FileStorage(path, channel, channel.size(), false);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Creates the file, or truncates an existing one, and gives it a length of {@code size} bytes
     * (sparse where the file system allows), opened read-write for a receiver.
     */
    public static FileStorage create(Path path, long size) throws IOException {
        if (size < 0) {
            throw new IllegalArgumentException("file size must not be negative: " + size);
        }
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(path.toString(), null, "cannot create the file: its directory does not exist");
        }
        FileStorage storage = new FileStorage(path, channel, size, true);
        try {
            if (size > 0) {
                storage.write(size - 1, ByteBuffer.allocate(1));
            }
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return storage;
    }

    /**
     * Opens, read-write, the file an earlier run of a receiver left: its bytes are kept, for the pieces
     * that still match their digests to be reused ({@link HeldPieces}).
     *
     * @throws IOException when the file is not {@code size} bytes long
     */
    public static FileStorage reopen(Path path, long size) throws IOException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            if (channel.size() != size) {
                throw new IOException(path + " holds " + channel.size() + " bytes, not " + size);
            }
            return new FileStorage(path, channel, size, true);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    public Path path() {
        return path;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void read(long position, ByteBuffer dst) throws IOException {
        StorageBounds.check("read", position, dst.remaining(), size);
        long at = position;
        while (dst.hasRemaining()) {
            int n = channel.read(dst, at);
            if (n < 0) {
                throw new EOFException(path + " ends at byte " + at + ", short of the " + size
                        + " bytes it had when opened: was it truncated?");
            }
            at += n;
        }
    }

    @Override
    public void write(long position, ByteBuffer src) throws IOException {
        if (!writable) {
            throw new IOException(path + " was opened read-only: cannot write to it");
        }
        StorageBounds.check("write", position, src.remaining(), size);
        long at = position;
        writes.lock();
        try {
            while (src.hasRemaining()) {
                at += channel.write(src, at);
            }
        } finally {
            writes.unlock();
        }
    }

    @Override
    public Optional<FileChannel> fileChannel() {
        return Optional.of(channel);
    }

    @Override
    public void force() throws IOException {
        channel.force(false);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    @Override
    public String toString() {
        return "FileStorage[" + path + ", " + size + " bytes" + (writable ? "" : ", read-only") + "]";
    }
}

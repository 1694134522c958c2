package io.robber.storage;

import io.robber.api.Storage;
import io.robber.storage.FileTree.Entry;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * A {@link FileTree} as one piece space: its files laid out one after the other in entry order (empty
 * files and directories take no bytes), so a piece may span several files and a file many pieces.
 *
 * <p>On a root, {@link #open} reads the files in place. On a receiver, {@link #create} writes each file
 * under a temporary name in its final directory ({@code .NAME.robber-partial}); the write that
 * completes a file forces it and renames it atomically to its final name. Writes only ever carry
 * verified pieces, so a file that appears under its final name is whole and correct, and a failed or
 * aborted transfer leaves no partial file under a final name. Empty files appear when the whole tree is
 * complete; directories, empty ones included, are created up front. A copy left unfinished
 * ({@link #suspend}, or a killed process) goes on with {@link #resume}: the pieces still on disk are
 * checked against the manifest ({@link HeldPieces}) and {@linkplain #adopt adopted}, the rest written.
 *
 * <p>Channels are opened lazily and at most {@link StorageOptions#maxOpenFiles()} (64 by default) stay
 * open, so trees of many thousand files need few file descriptors. Concurrent reads and writes of disjoint ranges are safe.
 */
public final class TreeStorage implements Storage {
    private final TreePaths paths;
    private final FileTree tree;
    private final boolean writable;
    /** The entries that hold bytes, in layout order, with the offset where each starts. */
    private final List<Entry> files;
    private final long[] starts;
    private final WrittenRanges[] written;
    /** Guarded by {@link #open}: a committed file is read under its final name. */
    private final boolean[] committed;
    private final OpenFiles open;
    private int uncommitted;
    private volatile boolean complete;
    /** Set by {@link #abort} and {@link #suspend}: later writes fail. */
    private volatile boolean ended;

    private TreeStorage(Path base, FileTree tree, boolean writable, StorageOptions options) throws IOException {
        this.paths = new TreePaths(base, tree);
        this.tree = tree;
        this.writable = writable;
        this.files = paths.files();
        int n = files.size();
        this.starts = new long[n];
        this.written = new WrittenRanges[n];
        this.committed = new boolean[n];
        long offset = 0;
        for (int f = 0; f < n; f++) {
            starts[f] = offset;
            offset += files.get(f).size();
            written[f] = new WrittenRanges();
            committed[f] = !writable;
        }
        this.uncommitted = writable ? n : 0;
        this.complete = !writable;
        this.open = new OpenFiles(options.maxOpenFiles(), this::openChannel);
    }

    /**
     * The tree on a root, read in place. {@code source} is the path that was {@linkplain FileTree#scan
     * scanned}: a directory whose contents are the tree, or a single file (a link named by the caller
     * is followed). Every file must still have the size it had when scanned.
     */
    public static TreeStorage open(Path source, FileTree tree) throws IOException {
        return open(source, tree, StorageOptions.DEFAULTS);
    }

    /** Like {@link #open(Path, FileTree)}, tuned by {@code options}. */
    public static TreeStorage open(Path source, FileTree tree, StorageOptions options) throws IOException {
        Path real = source.toRealPath();
        if (!Files.isDirectory(real)) {
            List<Entry> entries = tree.entries();
            if (entries.size() != 1 || !entries.get(0).path().equals(String.valueOf(source.getFileName()))) {
                throw new IOException(source + " is a file, but the tree is not that single file");
            }
            FileTree asStored = FileTree.of(List.of(Entry.file(real.getFileName().toString(), entries.get(0).size())));
            checkUnchanged(real.getParent(), asStored);
            return new TreeStorage(real.getParent(), asStored, false, options);
        }
        checkUnchanged(real, tree);
        return new TreeStorage(real, tree, false, options);
    }

    private static void checkUnchanged(Path base, FileTree tree) throws IOException {
        for (Entry e : tree.entries()) {
            Path path = TreePaths.resolveInside(base, e.path());
            BasicFileAttributes attrs;
            try {
                attrs = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException missing) {
                throw new NoSuchFileException(path.toString(), null, "vanished since the tree was scanned");
            }
            if (e.directory() ? !attrs.isDirectory() : !attrs.isRegularFile() || attrs.size() != e.size()) {
                throw new IOException(path + " changed since the tree was scanned (expected "
                        + (e.directory() ? "a directory" : "a file of " + e.size() + " bytes") + "); scan again");
            }
        }
    }

    /**
     * Prepares {@code outDir} to receive the tree: creates it and every directory, and an empty
     * temporary file beside every file to come. Files already at a final path are refused unless
     * {@code overwrite}; a directory in the way of a file, a file in the way of a directory and a
     * symbolic link in place of a directory ({@code outDir} itself included) are always refused.
     */
    public static TreeStorage create(Path outDir, FileTree tree, boolean overwrite) throws IOException {
        return create(outDir, tree, overwrite, StorageOptions.DEFAULTS);
    }

    /** Like {@link #create(Path, FileTree, boolean)}, tuned by {@code options}. */
    public static TreeStorage create(Path outDir, FileTree tree, boolean overwrite, StorageOptions options)
            throws IOException {
        TreeStorage storage = new TreeStorage(TreePaths.receiverBase(outDir), tree, true, options);
        storage.paths.check(overwrite);
        try {
            storage.paths.createDirectories();
            storage.paths.createPartials();
            if (storage.files.isEmpty()) {
                storage.finishTree();
            }
        } catch (IOException | RuntimeException e) {
            storage.abort();
            throw e;
        }
        return storage;
    }

    /**
     * Prepares {@code outDir} to go on with a copy of the tree that an earlier run left unfinished there.
     * Temporary files are kept (longer ones cut to their file's size), and files already under their final
     * names are taken as that run's and moved back under their temporary names, so that nothing is
     * trusted before it is checked: read every piece ({@link HeldPieces#scan}) and {@link #adopt} those
     * that match; a file they cover whole returns to its final name, the rest is written as by
     * {@link #create}. Directories in the way of files and the like are refused as by {@link #create}.
     */
    public static TreeStorage resume(Path outDir, FileTree tree) throws IOException {
        return resume(outDir, tree, StorageOptions.DEFAULTS);
    }

    /** Like {@link #resume(Path, FileTree)}, tuned by {@code options}. */
    public static TreeStorage resume(Path outDir, FileTree tree, StorageOptions options) throws IOException {
        TreeStorage storage = new TreeStorage(TreePaths.receiverBase(outDir), tree, true, options);
        storage.paths.check(true);
        storage.paths.createDirectories();
        storage.paths.takeBackPartials();
        if (storage.files.isEmpty()) {
            storage.finishTree();
        }
        return storage;
    }

    /**
     * Takes the pieces of {@code pieceSize} bytes in {@code held}, found on disk to match the manifest,
     * as written: each file they cover whole is committed under its final name, as if the last of its
     * bytes had just been written (a tail the earlier run never wrote, whose pieces matched as zeros, is
     * filled in). For a copy made by {@link #resume}.
     */
    public void adopt(BitSet held, int pieceSize) throws IOException {
        if (pieceSize < 1) {
            throw new IllegalArgumentException("piece size must be at least 1, got " + pieceSize);
        }
        for (int f = 0; f < files.size(); f++) {
            long start = starts[f];
            long end = start + files.get(f).size();
            synchronized (written[f]) {
                if (ended || isCommitted(f)) {
                    continue;
                }
                long covered = 0;
                for (int p = held.nextSetBit((int) (start / pieceSize)); p >= 0 && (long) p * pieceSize < end;
                     p = held.nextSetBit(p + 1)) {
                    covered = written[f].add(Math.max(start, (long) p * pieceSize) - start,
                            Math.min(end, (long) (p + 1) * pieceSize) - start);
                }
                if (covered == end - start) {
                    OpenFiles.Slot slot = open.acquire(f);
                    try {
                        if (slot.channel().size() < end - start) {
                            slot.channel().write(ByteBuffer.allocate(1), end - start - 1);
                        }
                        slot.channel().force(true);
                        commit(f);
                    } finally {
                        open.release(slot);
                    }
                }
            }
        }
    }

    private FileChannel openChannel(int f) throws IOException {
        return committed[f] ? FileChannel.open(paths.target(f), StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)
                : FileChannel.open(paths.partial(f), StandardOpenOption.READ, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS);
    }

    @Override
    public long size() {
        return tree.totalSize();
    }

    /** True when every file is under its final name: always on a root, after the last write on a receiver. */
    public boolean complete() {
        return complete;
    }

    @Override
    public void read(long position, ByteBuffer dst) throws IOException {
        StorageBounds.check("read", position, dst.remaining(), size());
        long at = position;
        while (dst.hasRemaining()) {
            int f = fileAt(at);
            long within = at - starts[f];
            int n = (int) Math.min(dst.remaining(), files.get(f).size() - within);
            ByteBuffer part = dst.slice(dst.position(), n);
            OpenFiles.Slot slot = open.acquire(f);
            try {
                while (part.hasRemaining()) {
                    if (slot.channel().read(part, within + part.position()) >= 0) {
                        continue;
                    }
                    if (isCommitted(f)) {
                        throw new EOFException(paths.target(f) + " is shorter than the " + files.get(f).size()
                                + " bytes of the tree: was it truncated?");
                    }
                    while (part.hasRemaining()) {
                        part.put((byte) 0);
                    }
                }
            } finally {
                open.release(slot);
            }
            dst.position(dst.position() + n);
            at += n;
        }
    }

    /**
     * Writes verified bytes. The write that completes a file commits it under its final name; bytes
     * of an already committed file are not written again (they were verified identical).
     */
    @Override
    public void write(long position, ByteBuffer src) throws IOException {
        if (!writable) {
            throw new IOException("the tree under " + paths.base() + " was opened read-only: cannot write to it");
        }
        StorageBounds.check("write", position, src.remaining(), size());
        long at = position;
        while (src.hasRemaining()) {
            int f = fileAt(at);
            long within = at - starts[f];
            int n = (int) Math.min(src.remaining(), files.get(f).size() - within);
            writeFile(f, within, src.slice(src.position(), n));
            src.position(src.position() + n);
            at += n;
        }
    }

    private void writeFile(int f, long within, ByteBuffer part) throws IOException {
        synchronized (written[f]) {
            if (ended) {
                throw new IOException("the transfer into " + paths.base() + " was aborted or suspended");
            }
            if (isCommitted(f)) {
                return;
            }
            long from = within;
            OpenFiles.Slot slot = open.acquire(f);
            try {
                while (part.hasRemaining()) {
                    within += slot.channel().write(part, within);
                }
                if (written[f].add(from, within) == files.get(f).size()) {
                    slot.channel().force(true);
                    commit(f);
                }
            } finally {
                open.release(slot);
            }
        }
    }

    /** Renames a whole file to its final name; the last one completes the tree. */
    private void commit(int f) throws IOException {
        boolean last;
        synchronized (open) {
            Files.move(paths.partial(f), paths.target(f), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            committed[f] = true;
            open.retire(f);
            last = --uncommitted == 0;
        }
        if (last) {
            finishTree();
        }
    }

    private boolean isCommitted(int f) {
        synchronized (open) {
            return committed[f];
        }
    }

    private void finishTree() throws IOException {
        paths.createEmptyFiles();
        complete = true;
    }

    /** The byte-carrying file that holds {@code position}. */
    private int fileAt(long position) {
        int found = Arrays.binarySearch(starts, position);
        return found >= 0 ? found : -found - 2;
    }

    @Override
    public void force() throws IOException {
        open.force();
    }

    /**
     * Gives up a receiver's transfer: deletes every temporary file. Files already complete stay under
     * their final names; nothing else is left. Later writes fail.
     */
    public void abort() throws IOException {
        ended = true;
        IOException failure = null;
        for (int f = 0; f < files.size(); f++) {
            synchronized (written[f]) {
                if (!isCommitted(f)) {
                    open.retire(f);
                    try {
                        Files.deleteIfExists(paths.partial(f));
                    } catch (IOException e) {
                        failure = e;
                    }
                }
            }
        }
        open.close();
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Closes an incomplete receiver's files but keeps its temporary files, for a later {@link #resume}.
     * Later writes fail.
     */
    public void suspend() {
        ended = true;
        open.close();
    }

    /**
     * Closes the files; an incomplete receiver's transfer is {@linkplain #abort aborted} unless it was
     * {@linkplain #suspend suspended}.
     */
    @Override
    public void close() throws IOException {
        if (writable && !complete && !ended) {
            abort();
        } else {
            open.close();
        }
    }

    @Override
    public String toString() {
        return "TreeStorage[" + paths.base() + ", " + tree + (writable ? "" : ", read-only") + "]";
    }
}

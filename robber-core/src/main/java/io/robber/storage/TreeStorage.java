package io.robber.storage;

import io.robber.api.Storage;
import io.robber.storage.FileTree.Entry;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A {@link FileTree} as one piece space: its files laid out one after the other in entry order (empty
 * files and directories take no bytes), so a piece may span several files and a file many pieces.
 *
 * <p>On a root, {@link #open} reads the files in place. On a receiver, {@link #create} writes each file
 * under a temporary name in its final directory ({@code .NAME.robber-partial}); the write that
 * completes a file forces it and renames it atomically to its final name. Writes only ever carry
 * verified pieces, so a file that appears under its final name is whole and correct, and a failed or
 * aborted transfer leaves no partial file under a final name. Empty files appear when the whole tree is
 * complete; directories, empty ones included, are created up front.
 *
 * <p>Channels are opened lazily and at most {@link StorageOptions#maxOpenFiles()} (64 by default) stay
 * open, so trees of many thousand files need few file descriptors. Concurrent reads and writes of disjoint ranges are safe.
 */
public final class TreeStorage implements Storage {
    static final String PARTIAL_SUFFIX = ".robber-partial";

    private final Path base;
    private final FileTree tree;
    private final boolean writable;
    /** The entries that hold bytes, in layout order, with the offset where each starts. */
    private final List<Entry> files = new ArrayList<>();
    private final long[] starts;
    private final Path[] targets;
    private final Path[] partials;
    private final WrittenRanges[] written;
    /** Guarded by {@link #open}: a committed file is read under its final name. */
    private final boolean[] committed;
    private final OpenFiles open;
    private int uncommitted;
    private volatile boolean complete;
    private volatile boolean aborted;

    private TreeStorage(Path base, FileTree tree, boolean writable, StorageOptions options) throws IOException {
        this.base = base;
        this.tree = tree;
        this.writable = writable;
        for (Entry e : tree.entries()) {
            if (!e.directory() && e.size() > 0) {
                files.add(e);
            }
        }
        int n = files.size();
        this.starts = new long[n];
        this.targets = new Path[n];
        this.partials = new Path[n];
        this.written = new WrittenRanges[n];
        this.committed = new boolean[n];
        long offset = 0;
        for (int f = 0; f < n; f++) {
            starts[f] = offset;
            offset += files.get(f).size();
            targets[f] = resolveInside(base, files.get(f).path());
            partials[f] = targets[f].resolveSibling(TemporaryName.of(".", targets[f].getFileName().toString(),
                    PARTIAL_SUFFIX));
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
            Path path = resolveInside(base, e.path());
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
        Path base = outDir.toAbsolutePath().normalize();
        if (Files.isSymbolicLink(base)) {
            throw new IOException(base + " is a symbolic link: refusing to write the tree through it; remove it");
        }
        Files.createDirectories(base);
        TreeStorage storage = new TreeStorage(base, tree, true, options);
        storage.checkTargets(overwrite);
        try {
            storage.prepare();
        } catch (IOException | RuntimeException e) {
            storage.abort();
            throw e;
        }
        return storage;
    }

    /** The tree's file or directory at {@code path}, refused unless it stays strictly inside {@code base}. */
    private static Path resolveInside(Path base, String path) throws IOException {
        Path resolved = base.resolve(path).normalize();
        if (!resolved.startsWith(base) || resolved.equals(base)) {
            throw new IOException("path " + path + " of the tree leads outside " + base + "; refused");
        }
        return resolved;
    }

    private void checkTargets(boolean overwrite) throws IOException {
        Set<Path> finals = new HashSet<>(Arrays.asList(targets));
        List<String> existing = new ArrayList<>();
        for (Entry e : tree.entries()) {
            Path target = resolveInside(base, e.path());
            for (Path dir = target.getParent(); !dir.equals(base); dir = dir.getParent()) {
                if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                    throw new IOException(dir + " is in the way of " + e.path() + ": it is a file or a symbolic link,"
                            + " not a directory; remove it or choose another output directory");
                }
            }
            if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            boolean isDirectory = Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS);
            if (e.directory() != isDirectory) {
                throw new IOException(target + " already exists as a " + (isDirectory ? "directory" : "file")
                        + " where the data set has a " + (e.directory() ? "directory" : "file") + "; remove it");
            }
            if (!e.directory()) {
                existing.add(e.path());
            }
        }
        if (!existing.isEmpty() && !overwrite) {
            throw new FileAlreadyExistsException(base.toString(), null, existing.size()
                    + " files of the data set already exist there (first: " + existing.get(0)
                    + "); remove them or allow overwriting");
        }
        for (Path partial : partials) {
            if (finals.contains(partial)) {
                throw new IOException("the data set holds both a file and its temporary name " + partial
                        + "; rename that file");
            }
        }
    }

    private void prepare() throws IOException {
        for (Entry e : tree.entries()) {
            if (e.directory()) {
                Files.createDirectories(resolveInside(base, e.path()));
            }
        }
        for (Path partial : partials) {
            Files.createDirectories(partial.getParent());
            Files.deleteIfExists(partial);
            Files.newByteChannel(partial, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        }
        if (files.isEmpty()) {
            finishTree();
        }
    }

    private FileChannel openChannel(int f) throws IOException {
        return committed[f] ? FileChannel.open(targets[f], StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)
                : FileChannel.open(partials[f], StandardOpenOption.READ, StandardOpenOption.WRITE,
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
                    if (slot.channel().read(part, within + part.position()) < 0) {
                        throw new EOFException(targets[f] + " is shorter than the " + files.get(f).size()
                                + " bytes of the tree: was it truncated?");
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
            throw new IOException("the tree under " + base + " was opened read-only: cannot write to it");
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
            if (aborted) {
                throw new IOException("the transfer into " + base + " was aborted");
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
            Files.move(partials[f], targets[f], StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
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
        for (Entry e : tree.entries()) {
            if (!e.directory() && e.size() == 0) {
                Files.newByteChannel(resolveInside(base, e.path()), StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS).close();
            }
        }
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
        aborted = true;
        IOException failure = null;
        for (int f = 0; f < files.size(); f++) {
            synchronized (written[f]) {
                if (!isCommitted(f)) {
                    open.retire(f);
                    try {
                        Files.deleteIfExists(partials[f]);
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

    /** Closes the files; an incomplete receiver's transfer is {@linkplain #abort aborted}. */
    @Override
    public void close() throws IOException {
        if (writable && !complete && !aborted) {
            abort();
        } else {
            open.close();
        }
    }

    @Override
    public String toString() {
        return "TreeStorage[" + base + ", " + tree + (writable ? "" : ", read-only") + "]";
    }
}

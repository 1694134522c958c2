package io.robber.rendezvous.data;

import io.robber.api.Manifest;
import io.robber.api.Storage;
import io.robber.storage.FileStorage;
import io.robber.storage.HeldPieces;
import io.robber.storage.TemporaryName;
import io.robber.storage.TreeStorage;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.LinkOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A receiver's copy: written under a temporary name in the output directory and moved into place
 * only once every piece has checked out against the manifest, so a failed or killed run never leaves
 * a partial file under the final name. A temporary file that a killed run left for the same name and
 * size is reused ({@link #resumed()}): the receiver keeps the pieces in it that still match their
 * digests and fetches only the rest. Other temporary files left for the name are deleted. A run that
 * fails or is stopped keeps its temporary file for the next one ({@link #keep()}).
 *
 * <p>A tree is written in place under {@code dir/NAME}, each file under a temporary name until whole
 * ({@link TreeStorage}). A marker beside it, {@code .robber-NAME.tree}, says that robber is writing that
 * directory: while it is there, the next run for the name goes on with what the directory holds
 * ({@link TreeStorage#resume}) instead of refusing its files as existing ones. It goes once the copy is
 * in place or discarded.
 */
public final class TargetData implements AutoCloseable {
    static final String TEMP_PREFIX = ".robber-";
    static final String TEMP_SUFFIX = ".part";
    static final String TREE_SUFFIX = ".tree";
    private static final String MARKER_TEXT = "robber receive is writing the directory beside this file; run the same "
            + "'robber receive' again to resume it, or delete both\n";

    private final Path target;
    /** A single file's temporary copy, or null for a tree. */
    private final Path temp;
    /** A tree's marker, or null for a single file. */
    private final Path marker;
    private final Storage storage;
    private final boolean resumed;
    private boolean committed;
    private boolean aborted;

    private TargetData(Path target, Path temp, Path marker, Storage storage, boolean resumed) {
        this.target = target;
        this.temp = temp;
        this.marker = marker;
        this.storage = storage;
        this.resumed = resumed;
    }

    /**
     * Prepares the copy of a data set named {@code name} in {@code dir}: a temporary file for a single
     * file; for a tree, the directory {@code dir/name} with its directories and a temporary file beside
     * every file to come (see {@link TreeStorage}).
     */
    public static TargetData create(Path dir, String name, DataLayout layout, long size, boolean overwrite)
            throws IOException {
        Path target = OutputDirectory.resolveName(dir, name);
        OutputDirectory.refuseLink(target);
        if (layout instanceof DataLayout.Tree tree) {
            return createTree(dir, name, target, tree, overwrite);
        }
        Optional<Path> left = removeStale(dir, name, size);
        if (left.isPresent()) {
            try {
                return new TargetData(target, left.get(), null, FileStorage.reopen(left.get(), size), true);
            } catch (IOException e) {
                Files.deleteIfExists(left.get());
            }
        }
        Path temp = dir.resolve(tempName(name, ThreadLocalRandom.current().nextLong()));
        FileStorage storage;
        try {
            storage = FileStorage.create(temp, size);
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        return new TargetData(target, temp, null, storage, false);
    }

    /** A tree's copy: resumed where its marker says an earlier run left it, else new, marked once prepared. */
    private static TargetData createTree(Path dir, String name, Path target, DataLayout.Tree tree, boolean overwrite)
            throws IOException {
        Path marker = dir.resolve(treeMarker(name));
        if (treeResumable(dir, name)) {
            return new TargetData(target, null, marker, TreeStorage.resume(target, tree.tree()), true);
        }
        TreeStorage storage = TreeStorage.create(target, tree.tree(), overwrite);
        try {
            Files.deleteIfExists(marker);
            Files.writeString(marker, MARKER_TEXT, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) {
            storage.abort();
            throw e;
        }
        return new TargetData(target, null, marker, storage, false);
    }

    /** {@code .robber-NAME.tree}, cut to stay a legal file name (see {@link TemporaryName}). */
    static String treeMarker(String name) {
        return TemporaryName.of(TEMP_PREFIX, name, TREE_SUFFIX);
    }

    /**
     * True when an earlier run left a copy of a tree named {@code name} in {@code dir} for the next one to
     * go on with: its directory and its marker (a regular file) are there.
     */
    public static boolean treeResumable(Path dir, String name) {
        return Files.isRegularFile(dir.resolve(treeMarker(name)), LinkOption.NOFOLLOW_LINKS)
                && Files.isDirectory(dir.resolve(name), LinkOption.NOFOLLOW_LINKS);
    }

    /** {@code .robber-NAME.<16 hex>.part}, cut to stay a legal file name (see {@link TemporaryName}). */
    static String tempName(String name, long nonce) {
        return TemporaryName.of(TEMP_PREFIX, name, String.format(Locale.ROOT, ".%016x", nonce) + TEMP_SUFFIX);
    }

    /**
     * Sorts the temporary files of {@code name} that an earlier, killed run left in {@code dir} (regular
     * files named like {@link #tempName} with any hex digits; links and directories are left alone): the
     * most recently written one of {@code size} bytes is kept for resuming, the others are deleted.
     *
     * @return the file kept, if any
     */
    static Optional<Path> removeStale(Path dir, String name, long size) throws IOException {
        List<Path> stale = temporaryFiles(dir, name);
        Optional<Path> kept = newestOfSize(stale, size);
        for (Path p : stale) {
            if (kept.isEmpty() || !p.equals(kept.get())) {
                Files.deleteIfExists(p);
            }
        }
        return kept;
    }

    /**
     * The temporary file of {@code name} in {@code dir} that a new copy of {@code size} bytes would resume
     * (see {@link #removeStale}), deleting nothing.
     */
    public static Optional<Path> reusable(Path dir, String name, long size) throws IOException {
        return newestOfSize(temporaryFiles(dir, name), size);
    }

    /** The regular files in {@code dir} named like {@link #tempName} for {@code name}, with any hex digits. */
    private static List<Path> temporaryFiles(Path dir, String name) throws IOException {
        String model = tempName(name, 0);
        String stem = model.substring(0, model.length() - 16 - TEMP_SUFFIX.length());
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, p -> {
            String file = p.getFileName().toString();
            return file.startsWith(stem) && file.endsWith(TEMP_SUFFIX)
                    && file.substring(stem.length(), file.length() - TEMP_SUFFIX.length()).matches("[0-9a-f]{1,16}");
        })) {
            for (Path p : entries) {
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    found.add(p);
                }
            }
        }
        return found;
    }

    private static Optional<Path> newestOfSize(List<Path> files, long size) throws IOException {
        Path newest = null;
        for (Path p : files) {
            if (Files.size(p) == size && (newest == null || newer(p, newest))) {
                newest = p;
            }
        }
        return Optional.ofNullable(newest);
    }

    private static boolean newer(Path a, Path b) throws IOException {
        return Files.getLastModifiedTime(a, LinkOption.NOFOLLOW_LINKS)
                .compareTo(Files.getLastModifiedTime(b, LinkOption.NOFOLLOW_LINKS)) > 0;
    }

    public Storage storage() {
        return storage;
    }

    /**
     * True when the copy goes on in what a killed run left (its temporary file, its tree): some pieces may
     * be there already, to be found by {@link #held}.
     */
    public boolean resumed() {
        return resumed;
    }

    /**
     * The pieces of a {@linkplain #resumed resumed} copy that match {@code manifest}, read and hashed on
     * {@code parallelism} threads; a tree takes them as written, so its files that they cover whole go
     * under their final names.
     */
    public BitSet held(Manifest manifest, int parallelism) throws IOException, InterruptedException {
        BitSet held = HeldPieces.scan(manifest, storage, parallelism);
        if (storage instanceof TreeStorage tree) {
            tree.adopt(held, manifest.pieceSize());
        }
        return held;
    }

    public Path target() {
        return target;
    }

    /**
     * Flushes the copy to disk and moves it into place (a tree's files are moved into place as each
     * completes). The copy is not read again: every piece was checked against the root's manifest
     * before it was written, which proves the whole data set.
     *
     * @throws IOException when a tree's file is missing or the copy cannot be flushed or moved
     */
    public synchronized void commit() throws IOException {
        storage.force();
        if (storage instanceof TreeStorage tree && !tree.complete()) {
            throw new IOException("not every file of the tree is in place under " + target);
        }
        if (temp != null) {
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        committed = true;
        deleteMarker();
    }

    /** True once the copy is in place. */
    public synchronized boolean committed() {
        return committed;
    }

    /**
     * Closes an unfinished copy but keeps what it holds for the next run for this name to resume
     * ({@link #resumed()}): a single file's temporary file, a tree's directory with its temporary files
     * and its marker.
     *
     * @return the temporary file or the tree's directory kept, or empty when nothing was kept (the copy
     *         is in place or was discarded)
     */
    public synchronized Optional<Path> keep() {
        if (committed || aborted) {
            return Optional.empty();
        }
        aborted = true;
        if (storage instanceof TreeStorage tree) {
            tree.suspend();
            return Optional.of(target);
        }
        try {
            storage.force();
        } catch (IOException e) {
            // what did not reach the disk fails its digest check when the next run reads the file
        }
        try {
            storage.close();
        } catch (IOException ignored) {
            // closed as far as it goes
        }
        return Optional.of(temp);
    }

    /**
     * Discards the temporary files (a tree's files already whole stay in place) unless the copy was
     * committed or kept. Safe to call more than once.
     */
    public synchronized void abort() {
        if (committed || aborted) {
            return;
        }
        aborted = true;
        try {
            if (storage instanceof TreeStorage tree) {
                tree.abort();
            }
            storage.close();
        } catch (IOException ignored) {
            // deleting anyway
        }
        if (temp != null) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // best effort: the name says what it is
            }
        }
        deleteMarker();
    }

    private void deleteMarker() {
        if (marker != null) {
            try {
                Files.deleteIfExists(marker);
            } catch (IOException ignored) {
                // a marker left beside no unfinished copy only lets the next run check what is there
            }
        }
    }

    @Override
    public void close() throws IOException {
        abort();
        storage.close();
    }
}

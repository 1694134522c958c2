package io.robber.cli.transfer;

import io.robber.api.Manifest;
import io.robber.api.Storage;
import io.robber.storage.FileStorage;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A receiver's copy: written under a temporary name in the output directory and moved into place
 * only after its digests check out, so a failed or killed run never leaves a partial file under
 * the final name.
 */
public final class TargetData implements AutoCloseable {
    static final String TEMP_PREFIX = ".robber-";
    static final String TEMP_SUFFIX = ".part";

    private final Path target;
    private final Path temp;
    private final FileStorage storage;
    private boolean committed;
    private boolean aborted;

    private TargetData(Path target, Path temp, FileStorage storage) {
        this.target = target;
        this.temp = temp;
        this.storage = storage;
    }

    /** Creates the temporary file for a data set of {@code layout} named {@code name} in {@code dir}. */
    public static TargetData create(Path dir, String name, DataLayout layout, long size) throws IOException {
        Path target = OutputDirectory.resolveName(dir, name);
        if (!(layout instanceof DataLayout.SingleFile)) {
            throw new IOException("this build cannot receive " + layout.kind() + " data sets");
        }
        Path temp = dir.resolve(TEMP_PREFIX + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong())
                + TEMP_SUFFIX);
        FileStorage storage;
        try {
            storage = FileStorage.create(temp, size);
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        return new TargetData(target, temp, storage);
    }

    public Storage storage() {
        return storage;
    }

    public Path target() {
        return target;
    }

    /**
     * Reads the copy back, checks it against the root's manifest and SHA-256, and moves it into place.
     *
     * @throws IOException when it does not match (the copy is then discarded) or cannot be moved
     */
    public synchronized void commit(Manifest manifest, String sha256) throws IOException {
        storage.force();
        SourceData.Digests digests = SourceData.Digests.of(storage, manifest.pieceSize());
        if (!digests.manifest().equals(manifest) || (sha256 != null && !sha256.equals(digests.sha256Hex()))) {
            throw new IOException("the received copy does not match the root's SHA-256 after writing: the disk "
                    + "under " + target.getParent() + " may be faulty");
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
    }

    /** Discards the temporary copy unless it was committed. Safe to call more than once. */
    public synchronized void abort() {
        if (committed || aborted) {
            return;
        }
        aborted = true;
        try {
            storage.close();
        } catch (IOException ignored) {
            // deleting anyway
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // best effort: the name says what it is
        }
    }

    public synchronized boolean committed() {
        return committed;
    }

    @Override
    public void close() throws IOException {
        abort();
        storage.close();
    }
}

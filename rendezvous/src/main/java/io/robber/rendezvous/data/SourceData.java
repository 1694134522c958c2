package io.robber.rendezvous.data;

import io.robber.api.Manifest;
import io.robber.api.Storage;
import io.robber.cli.CliFailure;
import io.robber.rendezvous.control.ControlMessage;
import io.robber.storage.FileStorage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The data set on the root: one file, or a directory pushed as one piece space. Opening checks the
 * path; {@link #describe(int)} reads everything once to build the manifest.
 */
public final class SourceData implements AutoCloseable {
    private final Path path;
    private final String name;
    private final DataLayout layout;
    private final Storage storage;

    private SourceData(Path path, String name, DataLayout layout, Storage storage) {
        this.path = path;
        this.name = name;
        this.layout = layout;
        this.storage = storage;
    }

    /**
     * Opens a file or directory to push.
     *
     * @throws CliFailure (usage) when it does not exist, cannot be read or is not a regular file or directory
     */
    public static SourceData open(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        if (!Files.exists(absolute)) {
            throw CliFailure.configuration("path not found: " + path + ": check the path to send");
        }
        Path fileName = absolute.getFileName();
        String name = fileName == null ? "root" : fileName.toString();
        try {
            if (Files.isDirectory(absolute)) {
                DataLayout layout;
                try {
                    layout = DataLayout.scanDirectory(absolute);
                } catch (AccessDeniedException e) {
                    throw e;
                } catch (IOException e) {
                    throw CliFailure.configuration("cannot send " + path + ": " + e.getMessage());
                }
                return new SourceData(absolute, name, layout, layout.openForReading(absolute));
            }
            if (!Files.isRegularFile(absolute)) {
                throw CliFailure.configuration(path + " is neither a regular file nor a directory: send a file or a directory");
            }
            FileStorage storage = FileStorage.open(absolute);
            return new SourceData(absolute, name, DataLayout.singleFile(storage.size()), storage);
        } catch (NoSuchFileException e) {
            throw CliFailure.configuration("path not found: " + e.getFile() + ": check the path to send");
        } catch (AccessDeniedException e) {
            throw CliFailure.configuration("cannot read " + e.getFile() + ": permission denied; check its permissions");
        } catch (IOException e) {
            throw CliFailure.configuration("cannot read " + path + ": " + e.getMessage());
        }
    }

    public Path path() {
        return path;
    }

    public String name() {
        return name;
    }

    public DataLayout layout() {
        return layout;
    }

    public Storage storage() {
        return storage;
    }

    public long size() {
        return storage.size();
    }

    public ControlMessage.Offer offer() {
        return new ControlMessage.Offer(name, layout.kind(), size(), layout.files());
    }

    /** Reads the whole data set once: the manifest, and the SHA-256 of all its bytes in order. */
    public Description describe(int pieceSize) throws IOException {
        Digests digests = Digests.of(storage, pieceSize);
        return new Description(digests.manifest(), digests.sha256Hex());
    }

    /** A data set's manifest and the SHA-256 of its bytes. */
    public record Description(Manifest manifest, String sha256) {
        public ControlMessage.ManifestSpec spec() {
            return new ControlMessage.ManifestSpec(manifest.size(), manifest.pieceSize(),
                    Base64.getEncoder().encodeToString(manifest.pieceDigests()), manifest.rootDigestHex(), sha256);
        }
    }

    /** Per-piece digests and the whole-stream SHA-256, in one pass over a storage. */
    record Digests(Manifest manifest, String sha256Hex) {
        static Digests of(Storage storage, int pieceSize) throws IOException {
            long size = storage.size();
            int count = (int) Math.min(Integer.MAX_VALUE, size / pieceSize + (size % pieceSize == 0 ? 0 : 1));
            byte[] pieceDigests = new byte[Math.multiplyExact(count, Manifest.DIGEST_LENGTH)];
            MessageDigest whole = Manifest.sha256();
            MessageDigest piece = Manifest.sha256();
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(pieceSize, Math.max(size, 1)));
            for (int i = 0; i < count; i++) {
                long offset = (long) i * pieceSize;
                int length = (int) Math.min(pieceSize, size - offset);
                buffer.clear().limit(length);
                storage.read(offset, buffer);
                buffer.flip();
                whole.update(buffer.duplicate());
                piece.update(buffer);
                System.arraycopy(piece.digest(), 0, pieceDigests, i * Manifest.DIGEST_LENGTH, Manifest.DIGEST_LENGTH);
            }
            return new Digests(Manifest.of(size, pieceSize, pieceDigests), HexFormat.of().formatHex(whole.digest()));
        }
    }

    @Override
    public void close() throws IOException {
        storage.close();
    }
}

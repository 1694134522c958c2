package io.robber.rendezvous.data;

import io.robber.api.Manifest;
import io.robber.api.Storage;
import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.control.ControlMessage;
import io.robber.rendezvous.control.ManifestParts;
import io.robber.storage.FileStorage;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The data set on the root: one file, or a directory pushed as one piece space. Opening checks the
 * path and notes every file's size and modification time; {@link #describe(int)} reads everything once
 * to build the manifest; {@link #changed()} tells when a file no longer is what the manifest describes.
 */
public final class SourceData implements AutoCloseable {
    private final Path path;
    private final String name;
    private final DataLayout layout;
    private final Storage storage;
    private final SourceStamps stamps;

    private SourceData(Path path, String name, DataLayout layout, Storage storage) throws IOException {
        this.path = path;
        this.name = name;
        this.layout = layout;
        this.storage = storage;
        this.stamps = SourceStamps.take(path, layout);
    }

    /**
     * Opens a file or directory to push.
     *
     * @throws ConfigurationException when it does not exist, cannot be read or is not a regular file or directory
     */
    public static SourceData open(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        if (!Files.exists(absolute)) {
            throw new ConfigurationException("path not found: " + path + ": check the path to send");
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
                    throw new ConfigurationException("cannot send " + path + ": " + e.getMessage());
                }
                return new SourceData(absolute, name, layout, layout.openForReading(absolute));
            }
            if (!Files.isRegularFile(absolute)) {
                throw new ConfigurationException(path + " is neither a regular file nor a directory: send a file or a directory");
            }
            FileStorage storage = FileStorage.open(absolute);
            return new SourceData(absolute, name, DataLayout.singleFile(storage.size()), storage);
        } catch (NoSuchFileException e) {
            throw new ConfigurationException("path not found: " + e.getFile() + ": check the path to send");
        } catch (AccessDeniedException e) {
            throw new ConfigurationException("cannot read " + e.getFile() + ": permission denied; check its permissions");
        } catch (IOException e) {
            throw new ConfigurationException("cannot read " + path + ": " + e.getMessage());
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

    /**
     * The first file of the data set that changed (size or modification time) since it was opened, and
     * how, naming the file; empty while none did. Such a file no longer matches the manifest.
     */
    public Optional<String> changed() {
        return stamps.changed();
    }

    public ControlMessage.Offer offer() {
        return new ControlMessage.Offer(name, layout.kind(), size(), layout.files());
    }

    /** Reads the whole data set once: the manifest, and the SHA-256 of all its bytes in order. */
    public Description describe(int pieceSize) throws IOException {
        return Description.of(storage, pieceSize);
    }

    /** A data set's manifest and the SHA-256 of its bytes. */
    public record Description(Manifest manifest, String sha256) {
        /** Reads {@code storage} once: its manifest and the SHA-256 of all its bytes in order. */
        public static Description of(Storage storage, int pieceSize) throws IOException {
            MessageDigest whole = Manifest.sha256();
            Manifest manifest = Manifest.compute(storage, pieceSize, whole);
            return new Description(manifest, HexFormat.of().formatHex(whole.digest()));
        }

        /** The manifest's digests as the frames that carry them ahead of the start. */
        public List<ControlMessage.ManifestPart> parts() {
            return ManifestParts.split(manifest.pieceDigests());
        }

        /** The manifest's description in the start frame, for {@code parts} frames of digests. */
        public ControlMessage.ManifestSpec spec(int parts) {
            return new ControlMessage.ManifestSpec(manifest.size(), manifest.pieceSize(), parts,
                    manifest.rootDigestHex(), sha256);
        }
    }

    @Override
    public void close() throws IOException {
        storage.close();
    }
}

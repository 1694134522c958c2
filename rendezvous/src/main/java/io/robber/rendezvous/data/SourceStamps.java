package io.robber.rendezvous.data;

import io.robber.storage.FileTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The size and modification time of every file of a root's data set, taken when it is opened, before
 * its manifest is built: a file that differs later no longer matches the manifest, and every piece the
 * root serves from it would fail its digest check on the receivers. One look is a {@code stat} per file
 * (following a link the user named as the file to send, as opening it did).
 */
final class SourceStamps {
    private record Stamp(Path path, long size, FileTime modified) {
    }

    private final List<Stamp> stamps;

    private SourceStamps(List<Stamp> stamps) {
        this.stamps = stamps;
    }

    /** Stamps {@code path}: the file itself, or every file of the tree scanned under the directory. */
    static SourceStamps take(Path path, DataLayout layout) throws IOException {
        List<Stamp> stamps = new ArrayList<>();
        if (layout instanceof DataLayout.Tree tree) {
            for (FileTree.Entry e : tree.tree().entries()) {
                if (!e.directory()) {
                    stamps.add(stamp(path.resolve(e.path())));
                }
            }
        } else {
            stamps.add(stamp(path));
        }
        return new SourceStamps(stamps);
    }

    private static Stamp stamp(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return new Stamp(file, a.size(), a.lastModifiedTime());
    }

    /** The first file that changed since it was stamped, and how; empty while all are as they were. */
    Optional<String> changed() {
        for (Stamp s : stamps) {
            BasicFileAttributes now;
            try {
                now = Files.readAttributes(s.path(), BasicFileAttributes.class);
            } catch (NoSuchFileException e) {
                return Optional.of(s.path() + " was deleted");
            } catch (IOException e) {
                return Optional.of(s.path() + " can no longer be read (" + e.getMessage() + ")");
            }
            if (now.size() != s.size()) {
                return Optional.of(s.path() + " changed: " + s.size() + " bytes when its manifest was built, "
                        + now.size() + " now");
            }
            if (!now.lastModifiedTime().equals(s.modified())) {
                return Optional.of(s.path() + " changed: modified at " + now.lastModifiedTime()
                        + ", after its manifest was built");
            }
        }
        return Optional.empty();
    }
}

package io.robber.storage;

import io.robber.storage.FileTree.Entry;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where the files of a {@link FileTree} lie under a base directory: each byte-carrying file's final
 * path and, on a receiver, the temporary path beside it ({@code .NAME.robber-partial}) that it is
 * written under until whole; and how a receiver prepares them, for a new copy or to go on with one.
 * Every path stays strictly inside the base.
 */
final class TreePaths {
    static final String PARTIAL_SUFFIX = ".robber-partial";

    private final Path base;
    private final FileTree tree;
    /** The entries that hold bytes, in layout order. */
    private final List<Entry> files = new ArrayList<>();
    private final Path[] targets;
    private final Path[] partials;

    TreePaths(Path base, FileTree tree) throws IOException {
        this.base = base;
        this.tree = tree;
        for (Entry e : tree.entries()) {
            if (!e.directory() && e.size() > 0) {
                files.add(e);
            }
        }
        targets = new Path[files.size()];
        partials = new Path[files.size()];
        for (int f = 0; f < files.size(); f++) {
            targets[f] = resolveInside(base, files.get(f).path());
            partials[f] = targets[f].resolveSibling(TemporaryName.of(".", targets[f].getFileName().toString(),
                    PARTIAL_SUFFIX));
        }
    }

    /** A receiver's base directory, created; a symbolic link in its place is refused. */
    static Path receiverBase(Path outDir) throws IOException {
        Path base = outDir.toAbsolutePath().normalize();
        if (Files.isSymbolicLink(base)) {
            throw new IOException(base + " is a symbolic link: refusing to write the tree through it; remove it");
        }
        Files.createDirectories(base);
        return base;
    }

    /** The tree's file or directory at {@code path}, refused unless it stays strictly inside {@code base}. */
    static Path resolveInside(Path base, String path) throws IOException {
        Path resolved = base.resolve(path).normalize();
        if (!resolved.startsWith(base) || resolved.equals(base)) {
            throw new IOException("path " + path + " of the tree leads outside " + base + "; refused");
        }
        return resolved;
    }

    Path base() {
        return base;
    }

    List<Entry> files() {
        return files;
    }

    Path target(int f) {
        return targets[f];
    }

    Path partial(int f) {
        return partials[f];
    }

    /**
     * Refuses what is in the way on a receiver: files already at a final path unless {@code overwrite}; a
     * directory where a file goes, a file where a directory goes, a symbolic link in place of a directory,
     * and a tree that holds one of its own temporary names, always.
     */
    void check(boolean overwrite) throws IOException {
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
        Set<Path> finals = new HashSet<>(Arrays.asList(targets));
        for (Path partial : partials) {
            if (finals.contains(partial)) {
                throw new IOException("the data set holds both a file and its temporary name " + partial
                        + "; rename that file");
            }
        }
    }

    /** Creates every directory of the tree, empty ones included. */
    void createDirectories() throws IOException {
        for (Entry e : tree.entries()) {
            if (e.directory()) {
                Files.createDirectories(resolveInside(base, e.path()));
            }
        }
    }

    /** Creates an empty temporary file for every file to come, replacing whatever was under that name. */
    void createPartials() throws IOException {
        for (Path partial : partials) {
            Files.createDirectories(partial.getParent());
            Files.deleteIfExists(partial);
            Files.newByteChannel(partial, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        }
    }

    /**
     * Puts what an earlier run left of each file under its temporary name: its temporary file, cut to the
     * file's size, or else a file of the right size under the final name, moved back; otherwise an empty
     * temporary file. Nothing is trusted: every piece is checked again.
     */
    void takeBackPartials() throws IOException {
        for (int f = 0; f < files.size(); f++) {
            long size = files.get(f).size();
            Files.createDirectories(partials[f].getParent());
            if (!Files.isRegularFile(partials[f], LinkOption.NOFOLLOW_LINKS)) {
                Files.deleteIfExists(partials[f]);
                if (Files.isRegularFile(targets[f], LinkOption.NOFOLLOW_LINKS) && Files.size(targets[f]) == size) {
                    Files.move(targets[f], partials[f], StandardCopyOption.ATOMIC_MOVE);
                    continue;
                }
            }
            try (FileChannel partial = FileChannel.open(partials[f], StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                if (partial.size() > size) {
                    partial.truncate(size);
                }
            }
        }
    }

    /** Creates (or empties) the tree's empty files, the last step of a whole copy. */
    void createEmptyFiles() throws IOException {
        for (Entry e : tree.entries()) {
            if (!e.directory() && e.size() == 0) {
                Files.newByteChannel(resolveInside(base, e.path()), StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS).close();
            }
        }
    }
}

package io.robber.rendezvous.data;

import io.robber.api.Storage;
import io.robber.storage.FileStorage;
import io.robber.storage.FileTree;
import io.robber.storage.TreeStorage;
import java.io.IOException;
import java.nio.file.Path;

/** The shape of a data set: one file, or a directory tree laid out as one piece space. */
public sealed interface DataLayout permits DataLayout.SingleFile, DataLayout.Tree {
    String FILE = "file";
    String TREE = "tree";

    /** {@value #FILE} or {@value #TREE}. */
    String kind();

    int files();

    /** The encoded file tree that travels in the start frame; null for a single file. */
    byte[] encoded();

    /** Opens the data set at {@code path} read-only (the root's copy). */
    Storage openForReading(Path path) throws IOException;

    static DataLayout singleFile(long size) {
        return new SingleFile(size);
    }

    /**
     * Scans a directory: its contents (not the directory itself) become the tree. Links, devices and
     * the like are refused with an {@link IOException} that names them.
     */
    static DataLayout scanDirectory(Path directory) throws IOException {
        return new Tree(FileTree.scan(directory));
    }

    /**
     * The layout a start frame describes, with the tree checked (relative paths only, no {@code ..}).
     *
     * @throws IllegalArgumentException when the kind is unknown or the tree is hostile or does not fit the size
     */
    static DataLayout decode(String kind, long size, byte[] tree) {
        if (FILE.equals(kind)) {
            return new SingleFile(size);
        }
        if (TREE.equals(kind)) {
            if (tree == null) {
                throw new IllegalArgumentException("a tree data set without its file tree");
            }
            FileTree decoded = FileTree.decode(tree);
            if (decoded.totalSize() != size) {
                throw new IllegalArgumentException("the file tree holds " + decoded.totalSize()
                        + " bytes but the manifest " + size);
            }
            return new Tree(decoded);
        }
        throw new IllegalArgumentException("unknown data set kind '" + kind + "'");
    }

    /** One regular file. */
    record SingleFile(long size) implements DataLayout {
        @Override
        public String kind() {
            return FILE;
        }

        @Override
        public int files() {
            return 1;
        }

        @Override
        public byte[] encoded() {
            return null;
        }

        @Override
        public Storage openForReading(Path path) throws IOException {
            return FileStorage.open(path);
        }
    }

    /** A directory tree: files, empty files and empty directories. */
    record Tree(FileTree tree) implements DataLayout {
        @Override
        public String kind() {
            return TREE;
        }

        @Override
        public int files() {
            return (int) tree.entries().stream().filter(e -> !e.directory()).count();
        }

        @Override
        public byte[] encoded() {
            return tree.encode();
        }

        @Override
        public Storage openForReading(Path path) throws IOException {
            return TreeStorage.open(path, tree);
        }
    }
}

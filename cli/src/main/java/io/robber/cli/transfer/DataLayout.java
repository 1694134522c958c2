package io.robber.cli.transfer;

import io.robber.api.Storage;
import io.robber.cli.CliFailure;
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

    static DataLayout singleFile(long size) {
        return new SingleFile(size);
    }

    static DataLayout scanDirectory(Path directory) throws IOException {
        throw CliFailure.configuration(directory + " is a directory: this build cannot send directories yet; send a file");
    }

    /** The layout a start frame describes. */
    static DataLayout decode(String kind, long size, byte[] tree) {
        if (FILE.equals(kind)) {
            return new SingleFile(size);
        }
        throw new IllegalArgumentException("unknown data set kind '" + kind + "'");
    }

    /** Opens the data set under {@code path} read-only (the root's copy). */
    Storage openForReading(Path path) throws IOException;

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
            return io.robber.storage.FileStorage.open(path);
        }
    }

    /** A directory tree (files, empty files and empty directories). */
    record Tree(int files) implements DataLayout {
        @Override
        public String kind() {
            return TREE;
        }

        @Override
        public byte[] encoded() {
            return null;
        }

        @Override
        public Storage openForReading(Path path) {
            throw new UnsupportedOperationException();
        }
    }
}

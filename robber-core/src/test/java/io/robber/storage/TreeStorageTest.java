package io.robber.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.Manifest;
import io.robber.storage.FileTree.Entry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreeStorageTest {
    private static final int PIECE = 1000;

    @TempDir
    Path dir;

    /** Nested folders, an empty file, an empty directory, a file of several pieces, many small files. */
    private Path sampleSource() throws IOException {
        Path src = Files.createDirectories(dir.resolve("src"));
        Files.createDirectories(src.resolve("a/b/c"));
        Files.createDirectories(src.resolve("empty-dir"));
        Files.write(src.resolve("a/big.bin"), bytes(3 * PIECE + 17, 1));
        Files.write(src.resolve("a/b/c/zero"), new byte[0]);
        for (int i = 0; i < 12; i++) {
            Files.write(src.resolve("a/b/small" + i), bytes(90 + i, 10 + i));
        }
        Files.write(src.resolve("z.txt"), bytes(1, 99));
        return src;
    }

    @Test
    void readsTheFilesAsOneSpaceWithPiecesSpanningFiles() throws IOException {
        Path src = sampleSource();
        FileTree tree = FileTree.scan(src);
        byte[] expected = concatenation(src, tree);

        try (TreeStorage storage = TreeStorage.open(src, tree)) {
            assertThat(storage.size()).isEqualTo(expected.length).isEqualTo(tree.totalSize());
            assertThat(readAll(storage)).isEqualTo(expected);
            ByteBuffer across = ByteBuffer.allocate(400);
            storage.read(3 * PIECE, across);
            assertThat(across.array()).isEqualTo(java.util.Arrays.copyOfRange(expected, 3 * PIECE, 3 * PIECE + 400));
            assertThat(storage.complete()).isTrue();
            assertThatThrownBy(() -> storage.write(0, ByteBuffer.allocate(1))).hasMessageContaining("read-only");
        }
    }

    @Test
    void aReceiverRebuildsTheTreeFromPiecesInAnyOrder() throws IOException {
        Path src = sampleSource();
        FileTree tree = FileTree.decode(FileTree.scan(src).encode());
        Path out = dir.resolve("out");
        try (TreeStorage root = TreeStorage.open(src, tree);
             TreeStorage copy = TreeStorage.create(out, tree, false)) {
            Manifest manifest = Manifest.compute(root, PIECE);
            List<Integer> order = shuffledPieces(manifest.pieceCount(), 5);
            for (int piece : order) {
                copy.write(manifest.pieceOffset(piece), readPiece(root, manifest, piece));
            }
            copy.write(manifest.pieceOffset(order.get(0)), readPiece(root, manifest, order.get(0)));
            assertThat(copy.complete()).isTrue();
            assertThat(Manifest.compute(copy, PIECE)).isEqualTo(manifest);
        }
        for (Entry e : tree.entries()) {
            Path copied = out.resolve(e.path());
            if (e.directory()) {
                assertThat(copied).isDirectory();
            } else {
                assertThat(Files.readAllBytes(copied)).isEqualTo(Files.readAllBytes(src.resolve(e.path())));
            }
        }
        assertThat(partials(out)).isEmpty();
    }

    @Test
    void aPartlyWrittenTreeShowsNoFileUnderItsFinalNameUntilItIsWhole() throws IOException {
        FileTree tree = FileTree.of(List.of(Entry.file("one", 1500), Entry.file("two", 500), Entry.file("e", 0)));
        Path out = dir.resolve("out");
        try (TreeStorage copy = TreeStorage.create(out, tree, false)) {
            copy.write(0, ByteBuffer.wrap(bytes(1000, 1)));
            assertThat(out.resolve("one")).doesNotExist();
            assertThat(out.resolve(".one.robber-partial")).exists();
            assertThat(out.resolve(".two.robber-partial")).exists();

            copy.write(1000, ByteBuffer.wrap(bytes(1000, 2)));

            assertThat(out.resolve("one")).hasSize(1500);
            assertThat(out.resolve("two")).hasSize(500);
            assertThat(out.resolve("e")).exists().isEmptyFile();
            assertThat(copy.complete()).isTrue();
            assertThat(partials(out)).isEmpty();
        }
    }

    @Test
    void abortRemovesEveryTemporaryFileAndKeepsWholeFiles() throws IOException {
        FileTree tree = FileTree.of(List.of(Entry.directory("d"), Entry.file("d/whole", 10), Entry.file("d/half", 10),
                Entry.file("empty", 0)));
        Path out = dir.resolve("out");
        TreeStorage copy = TreeStorage.create(out, tree, false);
        copy.write(0, ByteBuffer.wrap(bytes(15, 3)));

        copy.abort();

        assertThat(out.resolve("d/whole")).hasSize(10);
        assertThat(out.resolve("d/half")).doesNotExist();
        assertThat(out.resolve("empty")).doesNotExist();
        assertThat(partials(out)).isEmpty();
        assertThatThrownBy(() -> copy.write(15, ByteBuffer.allocate(5))).hasMessageContaining("aborted");
        copy.close();
    }

    @Test
    void closingAnIncompleteReceiverCleansUp() throws IOException {
        Path out = dir.resolve("out");
        TreeStorage copy = TreeStorage.create(out, FileTree.of(List.of(Entry.file("f", 10))), false);
        copy.write(0, ByteBuffer.allocate(4));

        copy.close();

        assertThat(out).isEmptyDirectory();
    }

    @Test
    void existingFilesAreRefusedUnlessOverwriting() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.write(out.resolve("f"), new byte[] {9});
        FileTree tree = FileTree.of(List.of(Entry.file("f", 2)));

        assertThatThrownBy(() -> TreeStorage.create(out, tree, false))
                .isInstanceOf(FileAlreadyExistsException.class)
                .hasMessageContaining("1 files of the data set already exist there (first: f)");
        try (TreeStorage copy = TreeStorage.create(out, tree, true)) {
            assertThat(out.resolve("f")).hasBinaryContent(new byte[] {9});
            copy.write(0, ByteBuffer.wrap(new byte[] {1, 2}));
        }
        assertThat(out.resolve("f")).hasBinaryContent(new byte[] {1, 2});
    }

    @Test
    void aSymbolicLinkInTheOutputIsNeverFollowed() throws IOException {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.createSymbolicLink(out.resolve("sub"), elsewhere);
        FileTree tree = FileTree.of(List.of(Entry.file("sub/f", 1)));

        assertThatThrownBy(() -> TreeStorage.create(out, tree, true))
                .hasMessageContaining("is in the way of sub/f: it is a file or a symbolic link");
        assertThat(elsewhere).isEmptyDirectory();
    }

    /** Issue 14, found item 6: the tree's own directory may not be a link either, even with overwrite. */
    @Test
    void aLinkInPlaceOfTheTreesDirectoryIsRefused() throws IOException {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Path link = Files.createSymbolicLink(dir.resolve("tree"), elsewhere);

        assertThatThrownBy(() -> TreeStorage.create(link, FileTree.of(List.of(Entry.file("f", 1))), true))
                .hasMessageContaining("is a symbolic link");
        assertThat(elsewhere).isEmptyDirectory();
    }

    /** Issue 14, found item 12: a file whose name leaves no room for the temporary suffix still arrives. */
    @Test
    void aFileWithA250ByteNameIsWrittenAndCommitted() throws IOException {
        String name = "x".repeat(250);
        Path out = dir.resolve("out");
        try (TreeStorage copy = TreeStorage.create(out, FileTree.of(List.of(Entry.file(name, 3))), false)) {
            copy.write(0, ByteBuffer.wrap(new byte[] {1, 2, 3}));
            assertThat(copy.complete()).isTrue();
        }
        assertThat(Files.readAllBytes(out.resolve(name))).containsExactly(1, 2, 3);
    }

    @Test
    void aFileInTheWayOfADirectoryIsRefused() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.write(out.resolve("d"), new byte[1]);

        assertThatThrownBy(() -> TreeStorage.create(out, FileTree.of(List.of(Entry.directory("d"))), true))
                .hasMessageContaining("already exists as a file where the data set has a directory");
    }

    @Test
    void aSingleFileTreeOpensFromTheFileItself() throws IOException {
        Path file = Files.write(dir.resolve("one.bin"), bytes(2500, 4));
        FileTree tree = FileTree.scan(file);

        try (TreeStorage storage = TreeStorage.open(file, tree)) {
            assertThat(readAll(storage)).isEqualTo(bytes(2500, 4));
        }
    }

    @Test
    void aSingleFileNamedThroughALinkOpens() throws IOException {
        Path file = Files.write(dir.resolve("v2.iso"), bytes(300, 6));
        Path link = Files.createSymbolicLink(dir.resolve("current.iso"), file);
        FileTree tree = FileTree.scan(link);

        assertThat(tree.entries()).containsExactly(Entry.file("current.iso", 300));
        try (TreeStorage storage = TreeStorage.open(link, tree)) {
            assertThat(readAll(storage)).isEqualTo(bytes(300, 6));
        }
    }

    @Test
    void aFileChangedSinceTheScanIsRefused() throws IOException {
        Path src = sampleSource();
        FileTree tree = FileTree.scan(src);
        Files.write(src.resolve("z.txt"), new byte[2]);

        assertThatThrownBy(() -> TreeStorage.open(src, tree)).hasMessageContaining("changed since the tree was scanned");
    }

    @Test
    void moreFilesThanOpenChannelsRoundTrip() throws IOException {
        Path src = Files.createDirectories(dir.resolve("many"));
        int count = StorageOptions.DEFAULT_MAX_OPEN_FILES * 3;
        for (int i = 0; i < count; i++) {
            Files.write(src.resolve(String.format("f%04d", i)), bytes(7, i));
        }
        FileTree tree = FileTree.scan(src);
        Path out = dir.resolve("out");
        try (TreeStorage root = TreeStorage.open(src, tree);
             TreeStorage copy = TreeStorage.create(out, tree, false)) {
            byte[] all = readAll(root);
            for (int at = all.length - 50; at >= 0; at -= 50) {
                copy.write(at, ByteBuffer.wrap(all, at, 50));
            }
            copy.write(0, ByteBuffer.wrap(all, 0, all.length % 50));
            assertThat(copy.complete()).isTrue();
            assertThat(readAll(copy)).isEqualTo(all);
        }
    }

    @Test
    void aTreeRoundTripsThroughOneOpenFile() throws IOException {
        Path src = Files.createDirectories(dir.resolve("few"));
        for (int i = 0; i < 5; i++) {
            Files.write(src.resolve("f" + i), bytes(11, i));
        }
        FileTree tree = FileTree.scan(src);
        StorageOptions oneFile = new StorageOptions(1);
        try (TreeStorage root = TreeStorage.open(src, tree, oneFile);
             TreeStorage copy = TreeStorage.create(dir.resolve("out"), tree, false, oneFile)) {
            byte[] all = readAll(root);
            copy.write(0, ByteBuffer.wrap(all));
            assertThat(copy.complete()).isTrue();
            assertThat(readAll(copy)).isEqualTo(all);
        }
    }

    @Test
    void storageOptionsNeedAnOpenFile() {
        assertThat(StorageOptions.DEFAULTS.maxOpenFiles()).isEqualTo(64);
        assertThatThrownBy(() -> new StorageOptions(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one file");
    }

    static byte[] bytes(int length, long seed) {
        byte[] b = new byte[length];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    private static byte[] concatenation(Path root, FileTree tree) throws IOException {
        var out = new java.io.ByteArrayOutputStream();
        for (Entry e : tree.entries()) {
            if (!e.directory()) {
                out.write(Files.readAllBytes(root.resolve(e.path())));
            }
        }
        return out.toByteArray();
    }

    static byte[] readAll(TreeStorage storage) throws IOException {
        ByteBuffer all = ByteBuffer.allocate(Math.toIntExact(storage.size()));
        storage.read(0, all);
        return all.array();
    }

    static ByteBuffer readPiece(TreeStorage storage, Manifest manifest, int piece) throws IOException {
        ByteBuffer data = ByteBuffer.allocate(manifest.pieceLength(piece));
        storage.read(manifest.pieceOffset(piece), data);
        return data.flip();
    }

    private static List<Integer> shuffledPieces(int count, long seed) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            order.add(i);
        }
        java.util.Collections.shuffle(order, new java.util.Random(seed));
        return order;
    }

    static List<Path> partials(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(p -> p.getFileName().toString().endsWith(TreePaths.PARTIAL_SUFFIX)).toList();
        }
    }
}

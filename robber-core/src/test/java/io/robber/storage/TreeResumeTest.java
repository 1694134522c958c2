package io.robber.storage;

import static io.robber.storage.TreeStorageTest.bytes;
import static io.robber.storage.TreeStorageTest.partials;
import static io.robber.storage.TreeStorageTest.readAll;
import static io.robber.storage.TreeStorageTest.readPiece;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.Manifest;
import io.robber.storage.FileTree.Entry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receiver's copy of a tree left unfinished ({@link TreeStorage#suspend}, or a killed process) goes on
 * with {@link TreeStorage#resume}: nothing on disk is trusted until its pieces match the manifest, those
 * are adopted, and only the rest is written.
 */
class TreeResumeTest {
    private static final int PIECE = 100;

    @TempDir
    Path dir;
    private TreeStorage root;
    private Manifest manifest;
    private Path out;

    /** Three files of 250, 120 and 30 bytes (pieces 0–3 span them: 0,1 | 2 spans one/two | 3 spans two/three). */
    private static final FileTree TREE = FileTree.of(List.of(Entry.directory("d"), Entry.file("d/one", 250),
            Entry.file("two", 120), Entry.file("three", 30), Entry.file("empty", 0)));

    @BeforeEach
    void source() throws IOException {
        Path src = Files.createDirectories(dir.resolve("src/d"));
        Files.write(src.resolve("one"), bytes(250, 1));
        Files.write(src.resolveSibling("two"), bytes(120, 2));
        Files.write(src.resolveSibling("three"), bytes(30, 3));
        Files.write(src.resolveSibling("empty"), new byte[0]);
        root = TreeStorage.open(dir.resolve("src"), TREE);
        manifest = Manifest.compute(root, PIECE);
        out = dir.resolve("out");
    }

    private void copy(TreeStorage to, int... pieces) throws IOException {
        for (int p : pieces) {
            to.write(manifest.pieceOffset(p), readPiece(root, manifest, p));
        }
    }

    private BitSet held(TreeStorage copy) throws Exception {
        return HeldPieces.scan(manifest, copy, 2);
    }

    @Test
    void aSuspendedCopyKeepsItsFilesAndResumesWithOnlyTheMissingPiecesWritten() throws Exception {
        TreeStorage first = TreeStorage.create(out, TREE, false);
        copy(first, 0, 1, 2);
        assertThat(out.resolve("d/one")).hasSize(250);
        first.suspend();
        assertThatThrownBy(() -> copy(first, 3)).hasMessageContaining("suspended");
        first.close();
        assertThat(out.resolve(".two.robber-partial")).exists();

        try (TreeStorage again = TreeStorage.resume(out, TREE)) {
            assertThat(out.resolve("d/one")).as("not trusted before it is checked").doesNotExist();
            BitSet held = held(again);
            assertThat(held.stream()).containsExactly(0, 1, 2);
            again.adopt(held, PIECE);
            assertThat(out.resolve("d/one")).hasSize(250);
            assertThat(again.complete()).isFalse();

            copy(again, 3);

            assertThat(again.complete()).isTrue();
            assertThat(readAll(again)).isEqualTo(readAll(root));
        }
        assertThat(out.resolve("empty")).isEmptyFile();
        assertThat(partials(out)).isEmpty();
    }

    @Test
    void aWholeFileThatNoLongerMatchesIsWrittenAgain() throws Exception {
        TreeStorage first = TreeStorage.create(out, TREE, false);
        copy(first, 0, 1, 2);
        first.suspend();
        first.close();
        byte[] damaged = Files.readAllBytes(out.resolve("d/one"));
        damaged[10] ^= 1;
        Files.write(out.resolve("d/one"), damaged);

        try (TreeStorage again = TreeStorage.resume(out, TREE)) {
            BitSet held = held(again);
            assertThat(held.stream()).containsExactly(1, 2);
            again.adopt(held, PIECE);
            assertThat(out.resolve("d/one")).doesNotExist();

            copy(again, 0, 3);

            assertThat(again.complete()).isTrue();
            assertThat(readAll(again)).isEqualTo(readAll(root));
        }
    }

    @Test
    void aCopyWhoseEveryPieceIsOnDiskCompletesOnAdoption() throws Exception {
        TreeStorage first = TreeStorage.create(out, TREE, false);
        copy(first, 0, 1, 2, 3);
        Files.delete(out.resolve("empty"));
        Files.write(out.resolve(".three.robber-partial"), bytes(30, 3));
        Files.move(out.resolve("three"), out.resolve("three-elsewhere"));
        first.close();

        try (TreeStorage again = TreeStorage.resume(out, TREE)) {
            again.adopt(held(again), PIECE);

            assertThat(again.complete()).isTrue();
            assertThat(readAll(again)).isEqualTo(readAll(root));
        }
        assertThat(out.resolve("empty")).isEmptyFile();
    }

    @Test
    void aTemporaryFileLongerThanItsFileIsCutAndAShortOneReadsAsZerosBeyondItsEnd() throws Exception {
        Files.createDirectories(out.resolve("d"));
        byte[] longer = new byte[400];
        System.arraycopy(Files.readAllBytes(dir.resolve("src/d/one")), 0, longer, 0, 250);
        Files.write(out.resolve("d/.one.robber-partial"), longer);
        Files.write(out.resolve(".two.robber-partial"), bytes(7, 9));

        try (TreeStorage again = TreeStorage.resume(out, TREE)) {
            assertThat(out.resolve("d/.one.robber-partial")).hasSize(250);
            ByteBuffer two = ByteBuffer.allocate(120);
            again.read(250, two);
            assertThat(two.array()).startsWith(bytes(7, 9)).endsWith(new byte[113]);
            BitSet held = held(again);
            assertThat(held.stream()).containsExactly(0, 1);
            again.adopt(held, PIECE);
            assertThat(out.resolve("d/one")).as("piece 2 holds its last 50 bytes").doesNotExist();

            copy(again, 2, 3);

            assertThat(readAll(again)).isEqualTo(readAll(root));
        }
    }

    @Test
    void closingAResumedCopyUnfinishedDiscardsItsTemporaryFiles() throws Exception {
        TreeStorage first = TreeStorage.create(out, TREE, false);
        copy(first, 0, 1, 2);
        first.suspend();
        first.close();

        try (TreeStorage again = TreeStorage.resume(out, TREE)) {
            again.adopt(held(again), PIECE);
        }

        assertThat(out.resolve("d/one")).hasSize(250);
        assertThat(partials(out)).isEmpty();
    }

    @Test
    void resumingRefusesWhatIsInTheWayAsCreatingDoes() throws IOException {
        Files.createDirectories(out.resolve("two"));
        assertThatThrownBy(() -> TreeStorage.resume(out, TREE)).hasMessageContaining("already exists as a directory");
    }
}

package io.robber.rendezvous.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.Manifest;
import io.robber.api.Storage;
import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.control.ControlMessage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receiver's copy of a directory tree: kept when the run fails or is stopped, marked beside it as
 * robber's, and resumed by the next run for the name without {@code --overwrite}, fetching only what
 * no longer checks out.
 */
class TreeTargetTest {
    private static final int PIECE = 64;

    @TempDir
    Path dir;
    private DataLayout layout;
    private Storage root;
    private Manifest manifest;
    private Path out;
    private ControlMessage.Offer offer;

    @BeforeEach
    void source() throws IOException {
        Path src = Files.createDirectories(dir.resolve("photos/2026"));
        Files.write(src.resolve("a.jpg"), bytes(300, 1));
        Files.write(src.resolve("b.jpg"), bytes(200, 2));
        Files.write(src.resolveSibling("c.txt"), bytes(100, 3));
        layout = DataLayout.scanDirectory(dir.resolve("photos"));
        root = layout.openForReading(dir.resolve("photos"));
        manifest = Manifest.compute(root, PIECE);
        out = Files.createDirectories(dir.resolve("out"));
        offer = new ControlMessage.Offer("photos", DataLayout.TREE, manifest.size(), layout.files());
    }

    private TargetData create() throws IOException {
        return TargetData.create(out, "photos", layout, manifest.size(), false);
    }

    private void copy(TargetData target, int from, int to) throws IOException {
        for (int p = from; p < to; p++) {
            ByteBuffer piece = ByteBuffer.allocate(manifest.pieceLength(p));
            root.read(manifest.pieceOffset(p), piece);
            target.storage().write(manifest.pieceOffset(p), piece.flip());
        }
    }

    @Test
    void aKeptTreeIsResumedByTheNextRunWithoutOverwrite() throws Exception {
        TargetData first = create();
        copy(first, 0, 6);
        Path kept = first.keep().orElseThrow();
        first.close();
        assertThat(kept).isEqualTo(out.resolve("photos")).isDirectory();
        assertThat(out.resolve(".robber-photos.tree")).isRegularFile();
        assertThat(TargetData.treeResumable(out, "photos")).isTrue();

        OutputDirectory.check(out, offer, false);
        TargetData second = create();
        assertThat(second.resumed()).isTrue();
        assertThat(second.held(manifest, 2).cardinality()).isEqualTo(6);
        copy(second, 6, manifest.pieceCount());
        second.commit();
        second.close();

        assertThat(out.resolve("photos/2026/a.jpg")).hasBinaryContent(bytes(300, 1));
        assertThat(out.resolve("photos/2026/b.jpg")).hasBinaryContent(bytes(200, 2));
        assertThat(out.resolve("photos/c.txt")).hasBinaryContent(bytes(100, 3));
        assertThat(out.resolve(".robber-photos.tree")).as("the marker goes with the copy in place").doesNotExist();
        assertThatThrownBy(() -> OutputDirectory.check(out, offer, false)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("--overwrite");
    }

    @Test
    void anAbortedTreeLeavesItsWholeFilesButNoMarkerSoTheNextRunNeedsOverwrite() throws Exception {
        TargetData first = create();
        copy(first, 0, 6);

        first.abort();
        first.close();

        assertThat(out.resolve("photos/2026/a.jpg")).hasBinaryContent(bytes(300, 1));
        assertThat(out.resolve(".robber-photos.tree")).doesNotExist();
        assertThatThrownBy(() -> OutputDirectory.check(out, offer, false)).hasMessageContaining("--overwrite");
        TargetData second = TargetData.create(out, "photos", layout, manifest.size(), true);
        assertThat(second.resumed()).isFalse();
        second.abort();
    }

    @Test
    void aDirectoryOfTheSameNameThatRobberDidNotMarkIsNotResumed() throws IOException {
        Files.createDirectories(out.resolve("photos"));
        Files.writeString(out.resolve("photos/c.txt"), "mine");

        assertThat(TargetData.treeResumable(out, "photos")).isFalse();
        assertThatThrownBy(() -> OutputDirectory.check(out, offer, false)).hasMessageContaining("--overwrite");
        assertThatThrownBy(this::create).isInstanceOf(IOException.class).hasMessageContaining("already exist");
        assertThat(out.resolve("photos/c.txt")).hasContent("mine");
        assertThat(out.resolve(".robber-photos.tree")).doesNotExist();
    }

    private static byte[] bytes(int length, long seed) {
        byte[] b = new byte[length];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }
}

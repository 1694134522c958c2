package io.robber.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.storage.FileTree.Entry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FileTreeTest {
    @TempDir
    Path dir;

    @Test
    void scanListsFilesEmptyFilesAndEmptyDirectoriesSorted() throws IOException {
        Files.createDirectories(dir.resolve("a/b"));
        Files.createDirectories(dir.resolve("empty"));
        Files.write(dir.resolve("a/b/c.bin"), new byte[300]);
        Files.write(dir.resolve("a/zero"), new byte[0]);
        Files.write(dir.resolve("top.txt"), new byte[7]);

        FileTree tree = FileTree.scan(dir);

        assertThat(tree.entries()).containsExactly(Entry.directory("a"), Entry.directory("a/b"),
                Entry.file("a/b/c.bin", 300), Entry.file("a/zero", 0), Entry.directory("empty"),
                Entry.file("top.txt", 7));
        assertThat(tree.totalSize()).isEqualTo(307);
    }

    @Test
    void aSingleFileYieldsOneEntryNamedAfterIt() throws IOException {
        Path file = Files.write(dir.resolve("data.iso"), new byte[42]);

        assertThat(FileTree.scan(file).entries()).containsExactly(Entry.file("data.iso", 42));
    }

    @Test
    void anEmptyDirectoryIsAnEmptyTree() throws IOException {
        assertThat(FileTree.scan(dir).entries()).isEmpty();
        assertThat(FileTree.scan(dir).totalSize()).isZero();
    }

    @Test
    void scanRefusesASymbolicLinkPointingOutside() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.write(outside.resolve("secret"), new byte[3]);
        Path root = Files.createDirectories(dir.resolve("root/sub"));
        Files.createSymbolicLink(root.resolve("escape"), outside);
        Files.createSymbolicLink(root.resolve("passwd"), outside.resolve("secret"));

        assertThatThrownBy(() -> FileTree.scan(dir.resolve("root")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("is a symbolic link")
                .hasMessageContaining(root.toString());
    }

    @Test
    void encodeDecodeRoundTrips() {
        FileTree tree = FileTree.of(List.of(Entry.directory("d"), Entry.file("d/ä ö.txt", 5), Entry.file("z", 0),
                Entry.file("big", 5L << 32)));

        FileTree back = FileTree.decode(tree.encode());

        assertThat(back).isEqualTo(tree);
        assertThat(back.totalSize()).isEqualTo(5 + (5L << 32));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/etc/passwd", "../up", "a/../../up", "a/..", "./a", "a//b", "a/", "C:/win", "c:x",
            "a\\b", "nul\0byte", ""})
    void decodeRefusesUnsafePaths(String path) {
        byte[] encoded = encodeRaw(path);

        assertThatThrownBy(() -> FileTree.decode(encoded)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageMatching(".*(absolute|'\\.\\.'|drive letter|backslash|empty path).*");
    }

    @Test
    void decodeRefusesDuplicatesAndPathsBelowFiles() {
        assertThatThrownBy(() -> FileTree.of(List.of(Entry.file("a", 1), Entry.directory("a"))))
                .hasMessageContaining("appears twice");
        assertThatThrownBy(() -> FileTree.of(List.of(Entry.file("a", 1), Entry.file("a/b", 1))))
                .hasMessageContaining("lies below the file a");
    }

    @Test
    void decodeRefusesOverlongPathsAndNames() {
        assertThatThrownBy(() -> Entry.file("x".repeat(256), 1)).hasMessageContaining("longer than 255");
        assertThatThrownBy(() -> Entry.file("x/".repeat(2049) + "x", 1)).hasMessageContaining("longer than 4096");
    }

    @Test
    void hostileHeadersFailBeforeAllocating() {
        byte[] valid = FileTree.of(List.of(Entry.file("f", 1))).encode();
        byte[] hugeCount = valid.clone();
        ByteBuffer.wrap(hugeCount).putInt(5, Integer.MAX_VALUE);
        byte[] negativeSize = valid.clone();
        ByteBuffer.wrap(negativeSize).putLong(10, -1);
        byte[] sizesOverflow = FileTree.of(List.of(Entry.file("a", Long.MAX_VALUE), Entry.file("b", 0))).encode();
        ByteBuffer.wrap(sizesOverflow).putLong(10 + 12, 1);

        assertThatThrownBy(() -> FileTree.decode(hugeCount)).hasMessageContaining("claims 2147483647 entries");
        assertThatThrownBy(() -> FileTree.decode(negativeSize)).hasMessageContaining("negative size");
        assertThatThrownBy(() -> FileTree.decode(sizesOverflow)).hasMessageContaining("more than 2^63");
        assertThatThrownBy(() -> FileTree.decode(Arrays.copyOf(valid, valid.length - 1))).hasMessageContaining("truncated");
        assertThatThrownBy(() -> FileTree.decode(Arrays.copyOf(valid, valid.length + 1))).hasMessageContaining("trailing");
        assertThatThrownBy(() -> FileTree.decode(new byte[] {1, 2})).hasMessageContaining("truncated");
    }

    @Test
    void randomMutationsOnlyEverFailWithIllegalArgument() {
        byte[] valid = FileTree.of(List.of(Entry.directory("d"), Entry.file("d/f", 9), Entry.file("g", 0))).encode();
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 5_000; i++) {
            byte[] mutated = valid.clone();
            for (int m = 1 + random.nextInt(3); m > 0; m--) {
                mutated[random.nextInt(mutated.length)] = (byte) random.nextInt(256);
            }
            try {
                FileTree.decode(mutated);
            } catch (IllegalArgumentException expected) {
                assertThat(expected.getMessage()).isNotBlank();
            }
        }
    }

    /** One file entry with an arbitrary path, bypassing validation on the encoding side. */
    private static byte[] encodeRaw(String path) {
        byte[] bytes = path.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(9 + 11 + bytes.length).putInt(0x52425452).put((byte) 1).putInt(1)
                .put((byte) 0).putLong(1).putShort((short) bytes.length).put(bytes).array();
    }
}

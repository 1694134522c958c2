package io.robber.storage;

import static io.robber.storage.MemoryStorageTest.pattern;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileStorageTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void createThenWriteThenReopenRoundTrips() throws IOException {
        Path file = dir.resolve("data");
        byte[] data = pattern(1000, 1);
        try (FileStorage storage = FileStorage.create(file, 1000)) {
            storage.write(0, ByteBuffer.wrap(data));
            storage.force();
        }

        try (FileStorage storage = FileStorage.open(file)) {
            assertThat(storage.size()).isEqualTo(1000);
            ByteBuffer back = ByteBuffer.allocate(300);
            storage.read(500, back);
            assertThat(back.array()).isEqualTo(Arrays.copyOfRange(data, 500, 800));
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(data);
    }

    @Test
    void createSetsTheLengthAndZeroFills() throws IOException {
        Path file = dir.resolve("zeros");
        try (FileStorage storage = FileStorage.create(file, 4096)) {
            assertThat(storage.size()).isEqualTo(4096);
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(new byte[4096]);
    }

    @Test
    void createTruncatesAnExistingFile() throws IOException {
        Path file = dir.resolve("old");
        Files.write(file, pattern(5000, 2));

        try (FileStorage storage = FileStorage.create(file, 10)) {
            assertThat(storage.size()).isEqualTo(10);
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(new byte[10]);
    }

    @Test
    void createOfAnEmptyFileWorks() throws IOException {
        Path file = dir.resolve("empty");
        try (FileStorage storage = FileStorage.create(file, 0)) {
            storage.read(0, ByteBuffer.allocate(0));
        }
        assertThat(Files.size(file)).isZero();
    }

    @Test
    void positionsBeyondTwoGibibytesWork() throws IOException {
        long size = (2L << 30) + 3 * MIB + 7;
        Map<Long, byte[]> blocks = new LinkedHashMap<>();
        blocks.put(0L, pattern((int) MIB, 10));
        blocks.put((1L << 31) - MIB / 2, pattern((int) MIB, 11));
        blocks.put((1L << 31) + MIB, pattern((int) MIB, 12));
        blocks.put(size - MIB - 7, pattern((int) MIB, 13));
        blocks.put(size - 7, pattern(7, 14));
        Path file = dir.resolve("big");

        try (FileStorage storage = FileStorage.create(file, size)) {
            for (Map.Entry<Long, byte[]> block : blocks.entrySet()) {
                storage.write(block.getKey(), ByteBuffer.wrap(block.getValue()));
            }
        }

        try (FileStorage storage = FileStorage.open(file)) {
            assertThat(storage.size()).isEqualTo(size);
            assertThat(storage.fileChannel()).get().extracting(FileStorageTest::channelSize).isEqualTo(size);
            for (Map.Entry<Long, byte[]> block : blocks.entrySet()) {
                ByteBuffer back = ByteBuffer.allocate(block.getValue().length);
                storage.read(block.getKey(), back);
                assertThat(back.array()).as("block at %d", block.getKey()).isEqualTo(block.getValue());
            }
            ByteBuffer hole = ByteBuffer.allocate(4096);
            storage.read(3L << 29, hole);
            assertThat(hole.array()).isEqualTo(new byte[4096]);
            assertThatThrownBy(() -> storage.read(size - 6, ByteBuffer.allocate(7)))
                    .isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("position " + (size - 6));
        }
    }

    @Test
    void fileChannelIsExposedForZeroCopySends() throws IOException {
        Path file = dir.resolve("exposed");
        Files.write(file, pattern(64, 3));

        FileStorage storage = FileStorage.open(file);
        FileChannel channel = storage.fileChannel().orElseThrow();
        assertThat(channel.isOpen()).isTrue();
        storage.close();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void openOfAMissingFileNamesThePath() {
        Path missing = dir.resolve("missing.bin");

        assertThatThrownBy(() -> FileStorage.open(missing))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessage(missing + ": no such file");
    }

    @Test
    void createInAMissingDirectoryNamesThePath() {
        Path orphan = dir.resolve("no-such-dir").resolve("data");

        assertThatThrownBy(() -> FileStorage.create(orphan, 10))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining(orphan.toString())
                .hasMessageContaining("directory does not exist");
    }

    @Test
    void openOfADirectoryIsRejected() {
        assertThatThrownBy(() -> FileStorage.open(dir))
                .isInstanceOf(IOException.class)
                .hasMessage(dir + " is a directory, not a file");
    }

    @Test
    void writeToAReadOnlyStorageIsRejected() throws IOException {
        Path file = dir.resolve("root");
        Files.write(file, new byte[10]);

        try (FileStorage storage = FileStorage.open(file)) {
            assertThatThrownBy(() -> storage.write(0, ByteBuffer.allocate(1)))
                    .isInstanceOf(IOException.class)
                    .hasMessage(file + " was opened read-only: cannot write to it");
        }
    }

    @Test
    void writeBeyondTheSizeIsRejectedAndDoesNotGrowTheFile() throws IOException {
        Path file = dir.resolve("fixed");
        try (FileStorage storage = FileStorage.create(file, 10)) {
            assertThatThrownBy(() -> storage.write(8, ByteBuffer.allocate(3)))
                    .isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessage("write of 3 bytes at position 8 falls outside the storage of 10 bytes");
            assertThatThrownBy(() -> storage.read(-1, ByteBuffer.allocate(1)))
                    .isInstanceOf(IndexOutOfBoundsException.class);
        }
        assertThat(Files.size(file)).isEqualTo(10);
    }

    @Test
    void readOfATruncatedFileFailsNamingTheFile() throws IOException {
        Path file = dir.resolve("shrinking");
        Files.write(file, pattern(100, 4));

        try (FileStorage storage = FileStorage.open(file)) {
            Files.write(file, new byte[40]);

            assertThatThrownBy(() -> storage.read(20, ByteBuffer.allocate(50)))
                    .isInstanceOf(EOFException.class)
                    .hasMessage(file + " ends at byte 40, short of the 100 bytes it had when opened: was it truncated?");
        }
    }

    @Test
    void negativeSizeIsRejected() {
        assertThatThrownBy(() -> FileStorage.create(dir.resolve("negative"), -5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("file size must not be negative: -5");
    }

    @Test
    void concurrentDisjointWritesAllLand() throws Exception {
        int slices = 8;
        int slice = 64 * 1024;
        byte[] expected = pattern(slices * slice, 5);
        Path file = dir.resolve("concurrent");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (FileStorage storage = FileStorage.create(file, expected.length)) {
            List<Future<?>> writes = new ArrayList<>();
            for (int s = 0; s < slices; s++) {
                int from = s * slice;
                writes.add(pool.submit(() -> {
                    storage.write(from, ByteBuffer.wrap(expected, from, slice));
                    return null;
                }));
            }
            for (Future<?> write : writes) {
                write.get();
            }
        } finally {
            pool.shutdown();
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(expected);
    }

    private static long channelSize(FileChannel channel) {
        try {
            return channel.size();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}

package io.robber.rendezvous.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.control.ControlMessage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OutputDirectoryTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"..", ".", "", "a/b", "../evil", "a\\b", "/etc/passwd"})
    void refusesNamesThatAreNotOnePlainSegment(String name) {
        assertThatThrownBy(() -> OutputDirectory.resolveName(dir, name))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("refusing");
    }

    @Test
    void refusesAnExistingTargetUnlessOverwriteAndTooLittleSpace() throws IOException {
        Files.writeString(dir.resolve("data.bin"), "old");
        ControlMessage.Offer offer = new ControlMessage.Offer("data.bin", "file", 10, 1);

        assertThatThrownBy(() -> OutputDirectory.check(dir, offer, false))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("--overwrite");
        OutputDirectory.check(dir, offer, true);
        assertThatThrownBy(() -> OutputDirectory.check(dir, new ControlMessage.Offer("huge", "file", Long.MAX_VALUE, 1),
                false)).isInstanceOf(ConfigurationException.class).hasMessageContaining("not enough space")
                .hasMessageContaining("choose another --out");
    }

    @Test
    void anOutputPathThatIsAFileIsAConfigurationError() throws IOException {
        Path file = Files.writeString(dir.resolve("file"), "x");

        assertThatThrownBy(() -> OutputDirectory.prepare(file)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("--out");
    }

    @Test
    void aFileCopyAppearsUnderItsNameOnlyWhenCommitted() throws IOException {
        byte[] data = new byte[3000];
        new java.util.Random(1).nextBytes(data);
        Path out = Files.createDirectories(dir.resolve("out"));
        TargetData target = TargetData.create(out, "source.bin", DataLayout.singleFile(data.length), data.length, false);
        target.storage().write(0, ByteBuffer.wrap(data, 0, 2048));
        assertThat(out.resolve("source.bin")).doesNotExist();

        target.storage().write(2048, ByteBuffer.wrap(data, 2048, 952));
        target.commit();
        target.close();

        assertThat(out.resolve("source.bin")).hasBinaryContent(data);
        assertThat(list(out)).hasSize(1);
    }

    @Test
    void anAbortedCopyLeavesNothing() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        TargetData target = TargetData.create(out, "x.bin", DataLayout.singleFile(100), 100, false);
        target.storage().write(0, ByteBuffer.allocate(50));

        target.abort();

        assertThat(list(out)).isEmpty();
    }

    @Test
    void aKeptCopyIsResumedByTheNextRunForTheSameNameAndSize() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        TargetData first = TargetData.create(out, "x.bin", DataLayout.singleFile(100), 100, false);
        first.storage().write(0, ByteBuffer.wrap(new byte[] {1, 2, 3}));

        Path kept = first.keep().orElseThrow();
        first.close();

        assertThat(kept).exists();
        assertThat(kept.getFileName().toString()).startsWith(".robber-x.bin.").endsWith(".part");
        assertThat(TargetData.reusable(out, "x.bin", 100)).contains(kept);
        assertThat(TargetData.reusable(out, "x.bin", 99)).isEmpty();
        TargetData second = TargetData.create(out, "x.bin", DataLayout.singleFile(100), 100, false);
        assertThat(second.resumed()).isTrue();
        ByteBuffer head = ByteBuffer.allocate(3);
        second.storage().read(0, head);
        assertThat(head.array()).containsExactly(1, 2, 3);
        second.abort();
        assertThat(list(out)).isEmpty();
    }

    @Test
    void aCommittedCopyIsNotKept() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        TargetData target = TargetData.create(out, "x.bin", DataLayout.singleFile(3), 3, false);
        target.storage().write(0, ByteBuffer.wrap(new byte[] {1, 2, 3}));
        target.commit();

        assertThat(target.keep()).isEmpty();
        target.close();
        assertThat(list(out)).containsExactly(out.resolve("x.bin"));
    }

    @Test
    void aPartialCopyToResumeCountsAsRoomForTheData() throws IOException {
        long free = Files.getFileStore(dir).getUsableSpace();
        long size = free + (1L << 30);
        ControlMessage.Offer offer = new ControlMessage.Offer("big.bin", "file", size, 1);
        assertThatThrownBy(() -> OutputDirectory.check(dir, offer, false)).hasMessageContaining("not enough space");

        try (java.io.RandomAccessFile sparse = new java.io.RandomAccessFile(
                dir.resolve(TargetData.tempName("big.bin", 42)).toFile(), "rw")) {
            sparse.setLength(size);
        }

        OutputDirectory.check(dir, offer, false);
    }

    private static List<Path> list(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.toList();
        }
    }
}

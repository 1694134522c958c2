package io.robber.rendezvous.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.rendezvous.ConfigurationException;
import io.robber.rendezvous.control.ControlMessage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
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
        try (var files = Files.list(out)) {
            assertThat(files).hasSize(1);
        }
    }

    @Test
    void anAbortedCopyLeavesNothing() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        TargetData target = TargetData.create(out, "x.bin", DataLayout.singleFile(100), 100, false);
        target.storage().write(0, ByteBuffer.allocate(50));

        target.abort();

        try (var files = Files.list(out)) {
            assertThat(files).isEmpty();
        }
    }
}

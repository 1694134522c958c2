package io.robber;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import io.robber.storage.MemoryStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The embedding example of README.md, compiled and run; the README must show exactly these lines. */
class ReadmeExampleTest {

    @Test
    void embeddingExampleRuns() throws Exception {
        // README-EXAMPLE-START
        Group group = new Group(List.of(
                Member.of("ams-1", "amsterdam", "127.0.1.1", 7700),
                Member.of("ams-2", "amsterdam", "127.0.1.2", 7700),
                Member.of("chi-1", "chicago", "127.0.2.1", 7700)));
        byte[] data = "hello, clusters! ".repeat(200_000).getBytes();
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data));
        MemoryStorage copy = new MemoryStorage(data.length);
        try (MulticastChannel root = MulticastChannel.open(ChannelConfig.of(group, "ams-1", "robber"));
             MulticastChannel ams2 = MulticastChannel.open(ChannelConfig.of(group, "ams-2", "robber"));
             MulticastChannel chi1 = MulticastChannel.open(ChannelConfig.of(group, "chi-1", "robber"))) {
            root.multicastAsync(manifest, MemoryStorage.wrap(data), manifest.allPieces());
            ams2.multicastAsync(manifest, new MemoryStorage(data.length), new BitSet());
            chi1.multicast(manifest, copy, new BitSet()); // returns when chi-1 holds every piece
            root.flush();                                 // returns when the whole group does
        }
        // README-EXAMPLE-END
        assertThat(copy.toByteArray()).isEqualTo(data);
    }

    @Test
    void readmeShowsTheExample() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        String source = Files.readString(Path.of("src/test/java/io/robber/ReadmeExampleTest.java"));
        String example = source.substring(source.indexOf("// README-EXAMPLE-START"), source.indexOf("// README-EXAMPLE-END"));
        List<String> lines = example.lines().skip(1).map(String::strip).filter(l -> !l.isEmpty()).toList();
        assertThat(lines).hasSizeLessThanOrEqualTo(15);
        for (String line : lines) {
            assertThat(readme).as("README.md shows the example line").contains(line);
        }
    }
}

package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14's found items about the data a user pushes and the files a receiver writes, met as a user
 * meets them: real {@code robber send} and {@code robber receive} processes on loopback (the sender on
 * 127.0.3.x, receivers on 127.0.4.x).
 */
class DataSafetyIT {
    @TempDir
    Path work;
    private RobberProcesses processes;

    @BeforeEach
    void setUp() throws IOException {
        processes = new RobberProcesses(Files.createDirectories(work.resolve("logs")));
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        processes.destroyAll();
    }

    private RobberProcesses.Node sender(String coordinator, Path data, int expect, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("send", data.toString(), "--listen", coordinator, "--expect",
                String.valueOf(expect), "--id", "root", "--progress-interval", "1s", "--wait", "2m", "--timeout", "3m"));
        args.addAll(List.of(extra));
        return processes.start("sender", args.toArray(String[]::new));
    }

    private RobberProcesses.Node receiver(String coordinator, int i, Path out, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("receive", "--coordinator", coordinator, "--listen",
                "127.0.4." + (i + 1), "--id", "r" + i, "--out", out.toString(), "--progress-interval", "1s",
                "--wait", "2m", "--timeout", "3m"));
        args.addAll(List.of(extra));
        return processes.start("receiver" + i, args.toArray(String[]::new));
    }

    private static String coordinator(String host) throws IOException {
        return host + ":" + RobberProcesses.freePort(host);
    }

    /**
     * Found item 6: {@code --out/NAME} is a symbolic link to a directory outside {@code --out}. With
     * {@code --overwrite} the receiver used to write the tree through it; now it refuses with exit 2 and
     * a line naming the link, and nothing appears outside {@code --out}.
     */
    @Test
    void neverWritesThroughASymbolicLinkUnderOut() throws Exception {
        Path tree = Files.createDirectories(work.resolve("src/tree"));
        RobberProcesses.writeData(tree.resolve("a.bin"), 100_000, 1);
        Path outside = Files.createDirectories(work.resolve("outside"));
        Path out = Files.createDirectories(work.resolve("out0"));
        Files.createSymbolicLink(out.resolve("tree"), outside);
        int run = 0;
        for (String overwrite : new String[] {"--overwrite", "--quiet"}) {
            String coordinator = coordinator("127.0.3." + ++run);
            sender(coordinator, tree, 1);
            RobberProcesses.Node receiver = receiver(coordinator, 0, out, overwrite);
            assertThat(receiver.awaitExit()).as("receiver (%s) stderr:%n%s", overwrite, receiver.stderr()).isEqualTo(2);
            assertThat(receiver.stderr()).contains("symbolic link").contains(out.resolve("tree").toString());
            try (Stream<Path> files = Files.list(outside)) {
                assertThat(files).as("nothing written outside --out").isEmpty();
            }
        }
    }
}

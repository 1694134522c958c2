package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14's found items about the data a user pushes and the files a receiver writes, met as a user
 * meets them: real {@code robber send} and {@code robber receive} processes on loopback (the sender on
 * 127.0.3.x, receivers on 127.0.4.x).
 */
class DataSafetyIT {
    @TempDir
    Path work;
    @RegisterExtension
    final RobberProcesses processes = new RobberProcesses(() -> work);


    private RobberProcesses.Node sender(String coordinator, Path data, int expect, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("send", data.toString(), "--listen", coordinator, "--expect",
                String.valueOf(expect), "--id", "root", "--progress-interval", "1s"));
        return processes.start("sender", withDefaults(args, extra));
    }

    private RobberProcesses.Node receiver(String coordinator, int i, Path out, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("receive", "--coordinator", coordinator, "--listen",
                "127.0.4." + (i + 1), "--id", "r" + i, "--out", out.toString(), "--progress-interval", "1s"));
        return processes.start("receiver" + i, withDefaults(args, extra));
    }

    /** {@code args} and {@code extra}, with {@code --wait 2m} and {@code --timeout 3m} unless {@code extra} names them. */
    private static String[] withDefaults(List<String> args, String... extra) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(extra));
        for (String[] option : new String[][] {{"--wait", "2m"}, {"--timeout", "3m"}}) {
            if (!all.contains(option[0])) {
                all.addAll(List.of(option));
            }
        }
        return all.toArray(String[]::new);
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
            String coordinator = RobberProcesses.coordinator("127.0.3." + ++run);
            sender(coordinator, tree, 1);
            RobberProcesses.Node receiver = receiver(coordinator, 0, out, overwrite);
            assertThat(receiver.awaitExit()).as("receiver (%s) stderr:%n%s", overwrite, receiver.stderr()).isEqualTo(2);
            assertThat(receiver.stderr()).contains("symbolic link").contains(out.resolve("tree").toString());
            try (Stream<Path> files = Files.list(outside)) {
                assertThat(files).as("nothing written outside --out").isEmpty();
            }
        }
    }

    /**
     * Found item 12: a legal 235-byte name used to fail with "File name too long" (its temporary name
     * passed 255 bytes); found item 5: a temporary file a killed run left behind is removed.
     */
    @Test
    void aLegal235ByteNameArrivesAndAKilledRunsTemporaryFileIsRemoved() throws Exception {
        String name = "n".repeat(231) + ".bin";
        Path data = Files.createDirectories(work.resolve("src")).resolve(name);
        RobberProcesses.writeData(data, 3_000_000, 5);
        Path out = Files.createDirectories(work.resolve("out0"));
        Path stale = Files.writeString(out.resolve(".robber-small.bin.1f2e3d4c5b6a7988.part"), "left by a killed run");
        Path staleLong = out.resolve(".robber-" + "n".repeat(200) + ".part");
        Files.writeString(staleLong, "not ours: another name");
        String coordinator = RobberProcesses.coordinator("127.0.3.3");
        RobberProcesses.Node sender = sender(coordinator, data, 1);
        RobberProcesses.Node receiver = receiver(coordinator, 0, out);

        assertThat(receiver.awaitExit()).as("receiver stderr:%n%s", receiver.stderr()).isZero();
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        assertThat(RobberProcesses.sha256(out.resolve(name))).isEqualTo(RobberProcesses.sha256(data));

        Path small = work.resolve("src/small.bin");
        RobberProcesses.writeData(small, 100_000, 6);
        coordinator = RobberProcesses.coordinator("127.0.3.4");
        sender = sender(coordinator, small, 1);
        receiver = receiver(coordinator, 0, out);
        assertThat(receiver.awaitExit()).as("receiver stderr:%n%s", receiver.stderr()).isZero();
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        assertThat(stale).as("the killed run's temporary file").doesNotExist();
        assertThat(staleLong).as("another name's file is left alone").exists();
    }

    /**
     * Found item 12: a receiver that refuses before registering (here: the name exists in its --out) is
     * reported to the sender, which stops at once instead of waiting out --wait.
     */
    @Test
    void aReceiverThatDeclinesIsReportedToTheSender() throws Exception {
        Path data = Files.createDirectories(work.resolve("src")).resolve("small.bin");
        RobberProcesses.writeData(data, 100_000, 7);
        Path out = Files.createDirectories(work.resolve("out0"));
        Files.writeString(out.resolve("small.bin"), "already here");
        String coordinator = RobberProcesses.coordinator("127.0.3.5");
        RobberProcesses.Node sender = sender(coordinator, data, 2, "--wait", "60m");
        RobberProcesses.Node receiver = receiver(coordinator, 0, out);

        assertThat(receiver.awaitExit()).as("receiver stderr:%n%s", receiver.stderr()).isEqualTo(2);
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isEqualTo(1);
        assertThat(sender.stderr()).contains("r0").contains("declined").contains("already exists");
    }

    /** Found item 12: an absurd --wait is a usage error (exit 2), not an ArithmeticException (exit 1). */
    @Test
    void anAbsurdWaitIsAUsageError() throws Exception {
        RobberProcesses.Node receiver = processes.start("receiver", "receive", "--coordinator", "127.0.3.6:1",
                "--out", work.resolve("out").toString(), "--wait", "3000000h");

        assertThat(receiver.awaitExit()).as("stderr:%n%s", receiver.stderr()).isEqualTo(2);
        assertThat(receiver.stderr()).contains("too long a duration").doesNotContain("ArithmeticException");
    }

    /** Found item 12: a sender ended by SIGTERM tells its receivers so, instead of vanishing. */
    @Test
    void aSenderStoppedBySigtermTellsItsReceivers() throws Exception {
        Path data = Files.createDirectories(work.resolve("src")).resolve("small.bin");
        RobberProcesses.writeData(data, 100_000, 8);
        String coordinator = RobberProcesses.coordinator("127.0.3.7");
        RobberProcesses.Node sender = sender(coordinator, data, 2);
        RobberProcesses.Node receiver = receiver(coordinator, 0, work.resolve("out0"));
        sender.awaitSaying("registered: 1 of 2");

        sender.process().destroy();

        assertThat(receiver.awaitExit()).as("receiver stderr:%n%s", receiver.stderr()).isEqualTo(1);
        assertThat(receiver.stderr()).contains("the sender was stopped");
    }

    /**
     * Found item 4: the file changes after the sender built its manifest. Receivers used to log digest
     * failures and sit at "100 %" until --timeout; now the sender stops everyone at once with a line naming
     * the file, and (found item 12) receivers run with -q print no raw library log lines.
     */
    @Test
    void aSourceChangedDuringTheTransferStopsEveryoneNamingTheFile() throws Exception {
        Path data = Files.createDirectories(work.resolve("src")).resolve("changing.bin");
        RobberProcesses.writeData(data, 3_000_000, 9);
        String coordinator = RobberProcesses.coordinator("127.0.3.8");
        RobberProcesses.Node sender = sender(coordinator, data, 2, "--piece-size", "64KiB", "--timeout", "100s");
        RobberProcesses.Node first = receiver(coordinator, 0, work.resolve("out0"), "-q", "--timeout", "100s");
        sender.awaitSaying("registered: 1 of 2");
        try (FileChannel file = FileChannel.open(data, StandardOpenOption.WRITE)) {
            file.write(ByteBuffer.allocate(1 << 20), 1_000_000);
        }
        RobberProcesses.Node second = receiver(coordinator, 1, work.resolve("out1"), "-q", "--timeout", "100s");

        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isEqualTo(1);
        assertThat(sender.stderr()).contains("changing.bin changed");
        for (RobberProcesses.Node r : List.of(first, second)) {
            assertThat(r.awaitExit()).as("%s stderr:%n%s", r.name(), r.stderr()).isEqualTo(1);
            assertThat(r.stderr()).as(r.name()).contains("changing.bin changed").doesNotContain("--timeout")
                    .doesNotContainPattern("(?m)^[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3} \\[");
        }
        assertThat(work.resolve("out0/changing.bin")).doesNotExist();
    }

    /**
     * Found item 3: past about 470,000 pieces the start frame's one JSON string broke, and receivers said
     * "lost the coordinator". A manifest of 600,000 one-byte pieces now reaches the receiver, which starts
     * receiving (moving 600,000 one-byte pieces takes the data plane far too long for a test).
     */
    @Test
    void aManifestOf600000PiecesIsHandedOut() throws Exception {
        Path data = Files.createDirectories(work.resolve("src")).resolve("many.bin");
        RobberProcesses.writeData(data, 600_000, 10);
        String coordinator = RobberProcesses.coordinator("127.0.3.9");
        RobberProcesses.Node sender = sender(coordinator, data, 1, "--piece-size", "1");
        RobberProcesses.Node receiver = receiver(coordinator, 0, work.resolve("out0"));

        receiver.awaitSaying("receiving many.bin");
        assertThat(sender.process().isAlive()).as("sender stderr:%n%s", sender.stderr()).isTrue();
    }
}

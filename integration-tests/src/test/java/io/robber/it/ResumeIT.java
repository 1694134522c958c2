package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, found item 5, as a user meets it: a receiver killed (SIGKILL) mid-transfer and started
 * again with the same command rejoins the running transfer and resumes. It checks the pieces of its
 * partial copy against the manifest, fetches only the rest and ends with a verified copy; the sender
 * counts it as a success. A receiver stopped (SIGTERM) fails its push but keeps its copy for the next
 * one. The sender's {@code --max-rate} keeps the push slow enough to stop the receiver in the middle on
 * any machine. The acceptance case of the issue is the first: a receiver of a 1 GiB push killed halfway.
 */
class ResumeIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long SIZE = 96L << 20;
    private static final long GIBIBYTE = 1L << 30;
    private static final Pattern RESUMED = Pattern.compile("resuming the partial copy .*: (\\d+) of (\\d+) pieces");
    private static final Pattern PERCENT = Pattern.compile("(\\d+)% ");

    @TempDir
    Path work;
    @RegisterExtension
    final RobberProcesses processes = new RobberProcesses(() -> work);

    private RobberProcesses.Node receiver(String name, String coordinator, String listen, String cluster)
            throws IOException {
        return processes.start(name, "receive", "--coordinator", coordinator, "--listen", listen, "--cluster", cluster,
                "--id", name.replace("-again", ""), "--out", work.resolve("out-" + cluster).toString(),
                "--progress-interval", "200ms", "--wait", "2m", "--timeout", "3m", "--json");
    }

    /**
     * The acceptance case: a receiver of a 1 GiB push killed at half of it and started again
     * finishes verified, and what it receives after the restart is at most 55% of the file, counted by
     * the restarted process itself. The sender's rate limit only keeps the kill near the half on a fast
     * machine; a busy one is slower still, which moves nothing but the time the test takes.
     */
    @Test
    void aReceiverKilledHalfwayThroughAGibibytePushFetchesAtMostFiftyFivePercentAgain() throws Exception {
        Path data = work.resolve("data.bin");
        RobberProcesses.writeData(data, GIBIBYTE, 17);
        String coordinator = RobberProcesses.coordinator("127.0.0.50");
        RobberProcesses.Node sender = processes.start("sender", "send", data.toString(), "--listen", coordinator,
                "--expect", "2", "--cluster", "a", "--id", "root", "--max-rate", "160MB/s", "--progress-interval",
                "1s", "--wait", "2m", "--timeout", "3m");
        RobberProcesses.Node stays = receiver("a1", coordinator, "127.0.1.51", "a");
        RobberProcesses.Node killed = receiver("b1", coordinator, "127.0.2.51", "b");

        awaitPercent(killed, 50);
        killed.process().destroyForcibly();
        killed.process().waitFor();
        sender.awaitSaying("receiver b1 disconnected");
        try (Stream<Path> left = Files.list(work.resolve("out-b"))) {
            assertThat(left.map(p -> p.getFileName().toString())).as("the killed run's partial copy")
                    .anyMatch(name -> name.startsWith(".robber-data.bin.") && name.endsWith(".part"));
        }

        RobberProcesses.Node again = receiver("b1-again", coordinator, "127.0.2.51", "b");
        assertThat(again.awaitExit()).as("b1-again stderr:%n%s", again.stderr()).isZero();
        assertThat(stays.awaitExit()).as("a1 stderr:%n%s", stays.stderr()).isZero();
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();

        String sha = RobberProcesses.sha256(data);
        assertThat(RobberProcesses.sha256(work.resolve("out-a/data.bin"))).isEqualTo(sha);
        assertThat(RobberProcesses.sha256(work.resolve("out-b/data.bin"))).isEqualTo(sha);
        assertThat(again.stderr()).contains("rejoining the running transfer");
        assertThat(sender.stderr()).contains("receiver b1 rejoined the transfer");
        assertResumedOnlyWhatWasMissing(again);
        assertThat(bytesReceived(JSON.readTree(again.stdout()))).as("bytes received after the restart, of a 1 GiB file")
                .isLessThanOrEqualTo(GIBIBYTE * 55 / 100);
    }

    /**
     * The same for a directory tree: the killed run leaves some files whole under their final names and
     * others under temporary names, marked as robber's; the restarted receiver takes them back without
     * {@code --overwrite}, keeps what checks out and fetches only the rest.
     */
    @Test
    void aTreeReceiverKilledMidTransferResumesItsFilesOnRejoining() throws Exception {
        Path photos = Files.createDirectories(work.resolve("photos/2026"));
        for (int f = 0; f < 12; f++) {
            RobberProcesses.writeData((f % 2 == 0 ? photos : photos.getParent()).resolve("p" + f + ".raw"),
                    SIZE / 12, 30 + f);
        }
        String coordinator = RobberProcesses.coordinator("127.0.0.53");
        RobberProcesses.Node sender = processes.start("sender", "send", work.resolve("photos").toString(), "--listen",
                coordinator, "--expect", "2", "--cluster", "a", "--id", "root", "--max-rate", "16MB/s",
                "--progress-interval", "1s", "--wait", "2m", "--timeout", "3m");
        RobberProcesses.Node stays = receiver("a1", coordinator, "127.0.1.53", "a");
        RobberProcesses.Node killed = receiver("b1", coordinator, "127.0.2.53", "b");

        awaitPercent(killed, 30);
        killed.process().destroyForcibly();
        killed.process().waitFor();
        sender.awaitSaying("receiver b1 disconnected");
        assertThat(work.resolve("out-b/.robber-photos.tree")).as("the killed run's mark").isRegularFile();

        RobberProcesses.Node again = receiver("b1-again", coordinator, "127.0.2.53", "b");
        assertThat(again.awaitExit()).as("b1-again stderr:%n%s", again.stderr()).isZero();
        assertThat(stays.awaitExit()).as("a1 stderr:%n%s", stays.stderr()).isZero();
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();

        for (int f = 0; f < 12; f++) {
            String file = (f % 2 == 0 ? "photos/2026/" : "photos/") + "p" + f + ".raw";
            assertThat(RobberProcesses.sha256(work.resolve("out-b").resolve(file))).as(file)
                    .isEqualTo(RobberProcesses.sha256(work.resolve(file)));
        }
        try (Stream<Path> left = Files.walk(work.resolve("out-b"))) {
            assertThat(left.map(p -> p.getFileName().toString())).as("nothing temporary left")
                    .noneMatch(name -> name.startsWith(".robber-") || name.endsWith(".robber-partial"));
        }
        assertResumedOnlyWhatWasMissing(again);
    }

    /**
     * A receiver stopped with SIGTERM (Ctrl-C) mid-transfer fails that push but keeps its partial copy
     * and says where; the next push of the same file to it resumes that copy and fetches only the rest.
     */
    @Test
    void aReceiverStoppedMidTransferKeepsItsCopyAndTheNextPushResumesIt() throws Exception {
        Path data = work.resolve("data.bin");
        RobberProcesses.writeData(data, SIZE, 19);
        String coordinator = RobberProcesses.coordinator("127.0.0.52");
        RobberProcesses.Node sender = processes.start("sender", "send", data.toString(), "--listen", coordinator,
                "--expect", "1", "--id", "root", "--max-rate", "16MB/s", "--wait", "2m", "--timeout", "3m");
        RobberProcesses.Node stopped = receiver("b1", coordinator, "127.0.2.52", "b");
        awaitPercent(stopped, 30);

        stopped.process().destroy();

        assertThat(stopped.awaitExit()).as("b1 stderr:%n%s", stopped.stderr()).isEqualTo(143);
        assertThat(stopped.stderr()).contains("kept the partial copy").contains("run the same 'robber receive' again");
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isEqualTo(1);

        String again = RobberProcesses.coordinator("127.0.0.52");
        RobberProcesses.Node resend = processes.start("sender-again", "send", data.toString(), "--listen", again,
                "--expect", "1", "--id", "root", "--wait", "2m", "--timeout", "3m");
        RobberProcesses.Node resumes = receiver("b1-again", again, "127.0.2.52", "b");
        assertThat(resumes.awaitExit()).as("b1-again stderr:%n%s", resumes.stderr()).isZero();
        assertThat(resend.awaitExit()).as("sender-again stderr:%n%s", resend.stderr()).isZero();
        assertThat(RobberProcesses.sha256(work.resolve("out-b/data.bin"))).isEqualTo(RobberProcesses.sha256(data));
        assertResumedOnlyWhatWasMissing(resumes);
    }

    private static void awaitPercent(RobberProcesses.Node node, int percent) throws Exception {
        node.awaitStderr(percent + "% or more", err -> {
            Matcher m = PERCENT.matcher(err);
            int last = 0;
            while (m.find()) {
                last = Integer.parseInt(m.group(1));
            }
            return last >= percent ? last : null;
        });
    }

    /** {@code node} says it resumed some but not all pieces, and received no more than the rest. */
    private static void assertResumedOnlyWhatWasMissing(RobberProcesses.Node node) throws IOException {
        Matcher resumed = RESUMED.matcher(node.stderr());
        assertThat(resumed.find()).as("%s says what it resumed:%n%s", node.name(), node.stderr()).isTrue();
        int held = Integer.parseInt(resumed.group(1));
        int pieces = Integer.parseInt(resumed.group(2));
        assertThat(held).as("pieces the first run left").isPositive().isLessThan(pieces);
        JsonNode summary = JSON.readTree(node.stdout());
        long received = bytesReceived(summary);
        int piece = summary.get("pieceSize").asInt();
        assertThat(received).as("bytes %s received, with %d of %d pieces of %d B held", node.name(), held, pieces, piece)
                .isLessThanOrEqualTo((long) (pieces - held + 4) * piece);
    }

    /** The piece bytes a receiver received, local and global, from its {@code --json} summary. */
    private static long bytesReceived(JsonNode summary) {
        JsonNode bytesIn = summary.get("nodes").get(0).get("bytesIn");
        return bytesIn.get("local").asLong() + bytesIn.get("global").asLong();
    }
}

package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code robber send} and {@code robber receive} as real processes from the fat jar, each node on its own
 * loopback address: the sender on 127.0.0.x, receivers of cluster {@code a} on 127.0.1.x and of
 * cluster {@code b} on 127.0.2.x.
 */
class PushIT {
    private static final long BIG = 200L << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A receiver's progress line once some data has arrived. */
    private static final Function<String, String> SOME_DATA =
            err -> err.matches("(?s).*robber receive: +[0-9]+% [1-9].*") ? err : null;

    @TempDir
    static Path shared;
    private static Path bigFile;
    private static String bigSha;

    @TempDir
    Path work;
    @RegisterExtension
    final RobberProcesses processes = new RobberProcesses(() -> work);

    @BeforeAll
    static void writeTheBigFileOnce() throws IOException {
        bigFile = shared.resolve("big.bin");
        RobberProcesses.writeData(bigFile, BIG, 42);
        bigSha = RobberProcesses.sha256(bigFile);
    }


    /** {@code robber receive} in cluster {@code a} (i < 4) or {@code b}, on 127.0.(1|2).(i%4+1). */
    private RobberProcesses.Node receiver(String coordinator, int i, String... extra) throws IOException {
        String cluster = i < 4 ? "a" : "b";
        String host = "127.0." + (i < 4 ? 1 : 2) + "." + (i % 4 + 1);
        List<String> args = new ArrayList<>(List.of("receive", "--coordinator", coordinator, "--listen", host,
                "--cluster", cluster, "--id", cluster + i, "--out", work.resolve("out" + i).toString(),
                "--progress-interval", "200ms", "--wait", "2m"));
        args.addAll(List.of(extra));
        return processes.start("receiver" + i, withTimeout(args));
    }

    private RobberProcesses.Node sender(String listen, Path data, int expect, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("send", data.toString(), "--listen", listen, "--expect",
                String.valueOf(expect), "--cluster", "a", "--id", "root", "--json", "--progress-interval", "1s",
                "--wait", "2m"));
        args.addAll(List.of(extra));
        return processes.start("sender", withTimeout(args));
    }

    /** The arguments, with {@code --timeout 3m} unless they name a timeout. */
    private static String[] withTimeout(List<String> args) {
        List<String> all = new ArrayList<>(args);
        if (!all.contains("--timeout")) {
            all.addAll(List.of("--timeout", "3m"));
        }
        return all.toArray(String[]::new);
    }

    @Test
    void pushes200MiBToEightReceiversInTwoClusters() throws Exception {
        String coordinator = RobberProcesses.coordinator("127.0.0.10");
        RobberProcesses.Node sender = sender(coordinator, bigFile, 8);
        List<RobberProcesses.Node> receivers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            receivers.add(receiver(coordinator, i));
        }

        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        for (RobberProcesses.Node r : receivers) {
            assertThat(r.awaitExit()).as("%s stderr:%n%s", r.name(), r.stderr()).isZero();
        }
        for (int i = 0; i < 8; i++) {
            assertThat(RobberProcesses.sha256(work.resolve("out" + i).resolve("big.bin"))).as("copy %d", i)
                    .isEqualTo(bigSha);
        }
        JsonNode summary = JSON.readTree(sender.stdout());
        assertThat(summary.get("verified").asBoolean()).isTrue();
        assertThat(summary.get("sha256").asText()).isEqualTo(bigSha);
        assertThat(summary.get("nodes")).hasSize(9);
        long globalIn = 0;
        for (JsonNode node : summary.get("nodes")) {
            assertThat(node.get("verified").asBoolean()).as(node.toString()).isTrue();
            if (node.get("cluster").asText().equals("b")) {
                globalIn += node.get("bytesIn").get("global").asLong();
            }
        }
        assertThat(globalIn).as("cluster b gets the data across the wide area at least once").isGreaterThanOrEqualTo(BIG);
        assertThat(noTemporaryFiles()).isTrue();
    }

    @Test
    void pushesADirectoryTreeWithNestedFoldersAnEmptyFileAndAnEmptyDirectory() throws Exception {
        Path tree = work.resolve("tree");
        Files.createDirectories(tree.resolve("docs/deep/deeper"));
        Files.createDirectories(tree.resolve("empty-dir"));
        Files.createDirectories(tree.resolve("media"));
        RobberProcesses.writeData(tree.resolve("docs/deep/deeper/blob.bin"), 3_000_017, 1);
        RobberProcesses.writeData(tree.resolve("media/clip.bin"), 5L << 20, 2);
        Files.writeString(tree.resolve("docs/readme.txt"), "hello from robber\n");
        Files.createFile(tree.resolve("docs/empty.txt"));
        String coordinator = RobberProcesses.coordinator("127.0.0.11");
        RobberProcesses.Node sender = sender(coordinator, tree, 3, "--piece-size", "256KiB");
        List<RobberProcesses.Node> receivers = List.of(receiver(coordinator, 0), receiver(coordinator, 1),
                receiver(coordinator, 4));

        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        for (RobberProcesses.Node r : receivers) {
            assertThat(r.awaitExit()).as("%s stderr:%n%s", r.name(), r.stderr()).isZero();
        }
        Map<String, String> expected = listing(tree);
        assertThat(expected).containsKeys("docs/empty.txt", "empty-dir/", "docs/deep/deeper/blob.bin");
        for (int i : new int[] {0, 1, 4}) {
            assertThat(listing(work.resolve("out" + i).resolve("tree"))).as("copy %d", i).isEqualTo(expected);
        }
        assertThat(noTemporaryFiles()).isTrue();
    }

    @Test
    void refusesAReceiverWithTheWrongSecretWhileTheRestComplete() throws Exception {
        Path secret = Files.writeString(work.resolve("secret"), "correct horse battery staple\n");
        Path wrong = Files.writeString(work.resolve("wrong"), "incorrect horse\n");
        Path data = work.resolve("small.bin");
        RobberProcesses.writeData(data, 8L << 20, 3);
        String coordinator = RobberProcesses.coordinator("127.0.0.12");
        RobberProcesses.Node sender = sender(coordinator, data, 2, "--secret-file", secret.toString());
        RobberProcesses.Node intruder = receiver(coordinator, 2, "--secret-file", wrong.toString());
        RobberProcesses.Node good0 = receiver(coordinator, 0, "--secret-file", secret.toString());
        RobberProcesses.Node good1 = receiver(coordinator, 4, "--secret-file", secret.toString());

        assertThat(intruder.awaitExit()).as("intruder stderr:%n%s", intruder.stderr()).isEqualTo(2);
        assertThat(intruder.stderr()).contains("wrong secret").contains("--secret-file");
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        assertThat(good0.awaitExit()).as("good0 stderr:%n%s", good0.stderr()).isZero();
        assertThat(good1.awaitExit()).as("good1 stderr:%n%s", good1.stderr()).isZero();
        String sha = RobberProcesses.sha256(data);
        assertThat(RobberProcesses.sha256(work.resolve("out0/small.bin"))).isEqualTo(sha);
        assertThat(RobberProcesses.sha256(work.resolve("out4/small.bin"))).isEqualTo(sha);
        assertThat(work.resolve("out2/small.bin")).doesNotExist();
        assertThat(sender.stderr()).contains("wrong secret");
        assertThat(sender.stderr()).doesNotContain("no --secret-file");
    }

    /**
     * A failure timeout of 10 s here and below: long enough that a busy machine delaying a live
     * process's keep-alives (one per third of it) does not make it look dead.
     */
    @Test
    void aReceiverKilledMidTransferNeitherHangsTheOthersNorGoesUnnamed() throws Exception {
        String coordinator = RobberProcesses.coordinator("127.0.0.13");
        RobberProcesses.Node sender = sender(coordinator, bigFile, 4, "--failure-timeout", "10s");
        List<RobberProcesses.Node> receivers = new ArrayList<>();
        for (int i : new int[] {0, 1, 4, 5}) {
            receivers.add(receiver(coordinator, i, "--failure-timeout", "10s"));
        }
        RobberProcesses.Node victim = receivers.get(3);

        victim.awaitStderr("some data received", SOME_DATA);
        victim.process().destroyForcibly();

        int senderExit = sender.awaitExit();
        assertThat(senderExit).as("sender stderr:%n%s", sender.stderr()).isEqualTo(1);
        assertThat(sender.stderr()).contains("b5");
        JsonNode summary = JSON.readTree(sender.stdout());
        assertThat(summary.get("verified").asBoolean()).isFalse();
        assertThat(summary.get("failed").toString()).contains("b5");
        for (RobberProcesses.Node r : receivers.subList(0, 3)) {
            assertSurvivorVerified(r);
            assertThat(r.stderr()).as("survivors are told who failed").contains("transfer failed for b5");
        }
        assertThat(work.resolve("out5/big.bin")).as("the victim has nothing under the final name").doesNotExist();
    }

    /**
     * Issue 14, found item 2: one of three receivers is stopped with SIGSTOP; it keeps its sockets open
     * but says nothing, on the data connections and on the control connection alike. Its neighbours
     * hear not even a keep-alive for the failure timeout and declare it dead, and so does the
     * coordinator (the same timeout, not a fixed 30 s): its cluster-mate and the other receiver finish
     * with verified copies and the sender exits naming it while it is still stopped. Brought back with
     * SIGCONT, it reads that it was declared dead, tries to rejoin, finds the transfer ended and exits 1
     * saying so, as the sender counted it.
     */
    @Test
    void aReceiverFrozenMidTransferDoesNotStallItsClusterMatesAndLearnsItWasDeclaredDead() throws Exception {
        String coordinator = RobberProcesses.coordinator("127.0.0.14");
        RobberProcesses.Node sender = sender(coordinator, bigFile, 3, "--failure-timeout", "10s");
        List<RobberProcesses.Node> receivers = new ArrayList<>();
        for (int i : new int[] {0, 4, 5}) {
            receivers.add(receiver(coordinator, i, "--failure-timeout", "10s"));
        }
        RobberProcesses.Node victim = receivers.get(2);

        victim.awaitStderr("some data received", SOME_DATA);
        victim.signal("STOP");
        try {
            for (RobberProcesses.Node r : receivers.subList(0, 2)) {
                assertSurvivorVerified(r);
            }
            assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isEqualTo(1);
            assertThat(victim.process().isAlive()).as("the frozen receiver is still stopped").isTrue();
        } finally {
            victim.signal("CONT");
        }
        assertThat(sender.stderr()).as("the sender names the frozen receiver, given up on after --failure-timeout")
                .contains("b5 lost: it sent nothing for 10s");
        assertThat(JSON.readTree(sender.stdout()).get("failed").toString()).contains("b5");
        assertThat(victim.awaitExit()).as("victim stderr:%n%s", victim.stderr()).isEqualTo(1);
        assertThat(victim.stderr()).contains("this receiver was declared dead (it sent nothing for 10s")
                .contains("could not rejoin");
        assertThat(work.resolve("out5/big.bin")).as("the victim keeps nothing under the final name").doesNotExist();
    }

    /**
     * Issue 14: the receiver frozen past the failure timeout is thawed while the transfer still runs (its
     * cluster-mate's {@code --max-rate} keeps it running): told it was declared dead, it keeps its copy,
     * registers again and joins as a late joiner, resuming that copy; everyone ends verified, the sender
     * with no failure.
     */
    @Test
    void aReceiverDeclaredDeadThatComesBackWhileTheTransferRunsRejoinsAndFinishes() throws Exception {
        Path data = work.resolve("rejoin.bin");
        RobberProcesses.writeData(data, 64L << 20, 43);
        String coordinator = RobberProcesses.coordinator("127.0.0.15");
        RobberProcesses.Node sender = sender(coordinator, data, 3, "--failure-timeout", "5s");
        RobberProcesses.Node slow = receiver(coordinator, 0, "--failure-timeout", "5s", "--max-rate", "2MB/s");
        RobberProcesses.Node fast = receiver(coordinator, 4, "--failure-timeout", "5s");
        RobberProcesses.Node victim = receiver(coordinator, 5, "--failure-timeout", "5s");

        victim.awaitStderr("some data received", SOME_DATA);
        victim.signal("STOP");
        try {
            sender.awaitSaying("lost receiver b5");
        } finally {
            victim.signal("CONT");
        }

        for (RobberProcesses.Node r : List.of(slow, fast, victim)) {
            assertThat(r.awaitExit()).as("%s stderr:%n%s", r.name(), r.stderr()).isZero();
            assertThat(RobberProcesses.sha256(work.resolve("out" + r.name().replace("receiver", "")).resolve(
                    "rejoin.bin"))).as("%s's copy", r.name()).isEqualTo(RobberProcesses.sha256(data));
        }
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        assertThat(victim.stderr()).contains("this receiver was declared dead (it sent nothing for 5s")
                .contains("registers again to rejoin").contains("resuming the partial copy")
                .as("declared dead, it does not take the closed control connection for one to replace")
                .doesNotContain("lost the control connection");
        assertThat(sender.stderr()).contains("receiver b5, given up on (it sent nothing for 5s")
                .contains("it joins the running transfer as a late joiner");
        assertThat(JSON.readTree(sender.stdout()).get("failed")).isEmpty();
    }

    /** The survivor exited 0 with a copy identical to the big file. */
    private void assertSurvivorVerified(RobberProcesses.Node r) throws Exception {
        assertThat(r.awaitExit()).as("survivor %s stderr:%n%s", r.name(), r.stderr()).isZero();
        Path copy = work.resolve("out" + r.name().replace("receiver", "")).resolve("big.bin");
        assertThat(RobberProcesses.sha256(copy)).as("%s's copy", r.name()).isEqualTo(bigSha);
    }

    /** Relative path → SHA-256 for files, "dir" for directories (with a trailing slash). */
    private static Map<String, String> listing(Path root) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(p -> !p.equals(root)).toList()) {
                String rel = root.relativize(p).toString().replace('\\', '/');
                entries.put(Files.isDirectory(p) ? rel + "/" : rel, Files.isDirectory(p) ? "dir" : RobberProcesses.sha256(p));
            }
        }
        return entries;
    }

    private boolean noTemporaryFiles() throws IOException {
        try (Stream<Path> walk = Files.walk(work)) {
            return walk.noneMatch(p -> p.getFileName().toString().startsWith(".robber-")
                    || p.getFileName().toString().endsWith(".robber-partial"));
        }
    }
}

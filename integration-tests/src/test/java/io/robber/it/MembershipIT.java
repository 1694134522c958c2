package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, found item 1, as a user meets it with real {@code robber} processes: the group changes
 * between registration and the start. Receivers of cluster {@code a} on 127.0.1.x, of {@code b} on
 * 127.0.2.x.
 */
class MembershipIT {
    @TempDir
    Path work;
    @RegisterExtension
    final RobberProcesses processes = new RobberProcesses(() -> work);


    private RobberProcesses.Node receiver(String name, String coordinator, String listen, String cluster, String out)
            throws IOException {
        return processes.start(name, "receive", "--coordinator", coordinator, "--listen", listen, "--cluster", cluster,
                "--id", name, "--out", work.resolve(out).toString(), "--progress-interval", "1s", "--wait", "2m",
                "--timeout", "3m");
    }

    private RobberProcesses.Node sender(String coordinator, Path data, int expect) throws IOException {
        return processes.start("sender", "send", data.toString(), "--listen", coordinator, "--expect",
                String.valueOf(expect), "--cluster", "a", "--id", "root", "--progress-interval", "1s", "--wait", "2m",
                "--timeout", "3m");
    }

    /**
     * A receiver frozen ({@code kill -STOP}) while it waits for the others, for longer than the sender's
     * {@code --failure-timeout}: the coordinator gives up on it and frees its place, telling it so. Thawed,
     * it registers again by itself and the push goes on with it. (Before, it died with "lost the
     * coordinator … before the transfer started (EOFException)".) The freeze lasts until the sender says
     * it gave up, so no timing is assumed; the 10 s timeout only has to outlast a busy machine's stalls.
     */
    @Test
    void aReceiverFrozenWhileItWaitsForTheOthersRegistersAgainWhenThawed() throws Exception {
        Path data = work.resolve("data.bin");
        RobberProcesses.writeData(data, 8L << 20, 31);
        String coordinator = RobberProcesses.coordinator("127.0.0.31");
        RobberProcesses.Node sender = processes.start("sender", "send", data.toString(), "--listen", coordinator,
                "--expect", "2", "--cluster", "a", "--id", "root", "--failure-timeout", "10s", "--wait", "2m",
                "--timeout", "3m");
        RobberProcesses.Node frozen = receiver("a0", coordinator, "127.0.1.31", "a", "out-a0");
        sender.awaitSaying("registered: 1 of 2");

        frozen.signal("STOP");
        sender.awaitSaying("receiver a0 left before the transfer started");
        frozen.signal("CONT");
        frozen.awaitSaying("registering again");
        sender.awaitStderr("a0's second registration",
                err -> err.indexOf("receiver a0 (") != err.lastIndexOf("receiver a0 (") ? err : null);
        RobberProcesses.Node other = receiver("b0", coordinator, "127.0.2.31", "b", "out-b0");

        assertThat(frozen.awaitExit()).as("a0 stderr:%n%s", frozen.stderr()).isZero();
        assertThat(other.awaitExit()).as("b0 stderr:%n%s", other.stderr()).isZero();
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        String sha = RobberProcesses.sha256(data);
        assertThat(RobberProcesses.sha256(work.resolve("out-a0/data.bin"))).isEqualTo(sha);
        assertThat(RobberProcesses.sha256(work.resolve("out-b0/data.bin"))).isEqualTo(sha);
        assertThat(frozen.stderr()).contains("the coordinator gave up on this receiver before the transfer started")
                .doesNotContain("EOFException");
    }

    /**
     * The group is complete, one receiver is killed while the sender still reads its data set, and a
     * replacement with the same {@code --listen} and {@code --out} registers. The sender waits for the
     * place to be taken again, and the group it starts holds the replacement, not the departed one:
     * everyone gets a verified copy. (Before, the start named the departed member; the replacement
     * exited with "unusable start frame", the others moved nothing for 60 s and failed.)
     */
    @Test
    void aReceiverReplacedWhileTheSenderPreparesTheStartJoinsAConsistentGroup() throws Exception {
        Path data = work.resolve("zeros.bin");
        try (RandomAccessFile file = new RandomAccessFile(data.toFile(), "rw")) {
            file.setLength(256L << 20);
        }
        String coordinator = RobberProcesses.coordinator("127.0.0.30");
        RobberProcesses.Node stays = receiver("a0", coordinator, "127.0.1.1", "a", "out-a0");
        RobberProcesses.Node leaves = receiver("b0", coordinator, "127.0.2.1", "b", "out-b0");
        RobberProcesses.Node sender = sender(coordinator, data, 2);
        sender.awaitSaying("registered: 2 of 2");

        leaves.process().destroyForcibly();
        leaves.process().waitFor();
        String departure = sender.awaitSaying("left before the transfer started", "receiver b0 disconnected");
        assumeFalse(departure.equals("receiver b0 disconnected"), "the sender had started before b0 was killed: the "
                + "race this test needs was lost on a very busy machine");
        RobberProcesses.Node replacement = receiver("b0-again", coordinator, "127.0.2.1", "b", "out-b0");

        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        assertThat(stays.awaitExit()).as("a0 stderr:%n%s", stays.stderr()).isZero();
        assertThat(replacement.awaitExit()).as("b0-again stderr:%n%s", replacement.stderr()).isZero();
        String sha = RobberProcesses.sha256(data);
        assertThat(RobberProcesses.sha256(work.resolve("out-a0/zeros.bin"))).isEqualTo(sha);
        assertThat(RobberProcesses.sha256(work.resolve("out-b0/zeros.bin"))).isEqualTo(sha);
        assertThat(sender.stderr()).contains("registered: 2 of 2").doesNotContain("unexpected error");
    }

    /**
     * One receiver cannot bind its {@code --listen} port once the transfer starts: it exits 2 saying so,
     * the coordinator passes that on at once, and the others finish with verified copies instead of
     * waiting 60 s for it on the data channel and failing; the sender exits 1 naming it.
     */
    @Test
    void aReceiverThatCannotBindItsDataPortIsDroppedAtOnce() throws Exception {
        Path data = work.resolve("small.bin");
        RobberProcesses.writeData(data, 8L << 20, 7);
        String coordinator = RobberProcesses.coordinator("127.0.0.31");
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.2.2", 0));
            String busy = "127.0.2.2:" + taken.getLocalPort();
            RobberProcesses.Node sender = sender(coordinator, data, 3);
            List<RobberProcesses.Node> good = new ArrayList<>(List.of(
                    receiver("a1", coordinator, "127.0.1.2", "a", "out-a1"),
                    receiver("a2", coordinator, "127.0.1.3", "a", "out-a2")));
            RobberProcesses.Node stuck = receiver("b2", coordinator, busy, "b", "out-b2");

            assertThat(stuck.awaitExit()).as("b2 stderr:%n%s", stuck.stderr()).isEqualTo(2);
            assertThat(stuck.stderr()).contains("cannot listen on " + busy);
            String sha = RobberProcesses.sha256(data);
            for (RobberProcesses.Node r : good) {
                assertThat(r.awaitExit()).as("%s stderr:%n%s", r.name(), r.stderr()).isZero();
                assertThat(RobberProcesses.sha256(work.resolve("out-" + r.name()).resolve("small.bin")))
                        .as("%s's copy", r.name()).isEqualTo(sha);
            }
            assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isEqualTo(1);
            assertThat(sender.stderr()).contains("b2").contains("cannot listen").doesNotContain("unexpected error");
        }
    }
}

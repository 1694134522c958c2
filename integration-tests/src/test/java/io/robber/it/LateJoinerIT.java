package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Late joiners as a user meets them, with real {@code robber} processes: {@code send --expect 3
 * --start-after 0s} starts with the one receiver there; two more started after it join the running
 * push in a wave of their own, and all three end with verified copies. The first receiver is held
 * ({@code --max-rate}, then {@code kill -STOP} until both late ones have registered), so the push
 * cannot end before they come, however slowly a busy machine starts them.
 */
class LateJoinerIT {
    private static final long SIZE = 16L << 20;

    @TempDir
    Path work;
    @RegisterExtension
    final RobberProcesses processes = new RobberProcesses(() -> work);

    private RobberProcesses.Node receiver(String id, String coordinator, String listen, String... more)
            throws Exception {
        String[] base = {"receive", "--coordinator", coordinator, "--listen", listen, "--cluster", id.substring(0, 1),
                "--id", id, "--out", work.resolve("out-" + id).toString(), "--wait", "2m", "--timeout", "3m"};
        return processes.start(id, RobberProcesses.concat(base, more));
    }

    @Test
    void receiversStartedAfterThePushStartedJoinItAndGetVerifiedCopies() throws Exception {
        Path data = work.resolve("data.bin");
        RobberProcesses.writeData(data, SIZE, 23);
        String coordinator = RobberProcesses.coordinator("127.0.0.60");
        RobberProcesses.Node sender = processes.start("sender", "send", data.toString(), "--listen", coordinator,
                "--expect", "3", "--start-after", "0s", "--cluster", "r", "--id", "root", "--wait", "2m",
                "--timeout", "3m", "--failure-timeout", "2m");
        RobberProcesses.Node first = receiver("a1", coordinator, "127.0.1.61", "--max-rate", "2MB/s",
                "--failure-timeout", "2m");
        sender.awaitSaying("starting: 1 receiver");
        first.signal("STOP");

        RobberProcesses.Node b1 = receiver("b1", coordinator, "127.0.2.61");
        RobberProcesses.Node b2 = receiver("b2", coordinator, "127.0.2.62");
        sender.awaitStderr("both late registrations", err -> err.contains("receiver b1 (")
                && err.contains("receiver b2 (") ? err : null);
        first.signal("CONT");

        assertThat(b1.awaitExit()).as("b1 stderr:%n%s", b1.stderr()).isZero();
        assertThat(b2.awaitExit()).as("b2 stderr:%n%s", b2.stderr()).isZero();
        assertThat(first.awaitExit()).as("a1 stderr:%n%s", first.stderr()).isZero();
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isZero();
        String sha = RobberProcesses.sha256(data);
        for (String id : new String[] {"a1", "b1", "b2"}) {
            assertThat(RobberProcesses.sha256(work.resolve("out-" + id).resolve("data.bin"))).as(id).isEqualTo(sha);
        }
        assertThat(sender.stderr()).contains("the 2 missing receivers may still join late")
                .contains("receiver b1").contains("registered late").contains("late joiners");
    }
}

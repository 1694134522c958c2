package io.robber.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, found item 8, through real processes: a member that stays connected but does not serve.
 * Beside {@code robber send} and two {@code robber receive}, a third receiver ({@link StalledDiskMember},
 * a process on the library) has a disk whose reads never return: it registers, keeps its control
 * connection alive, takes pieces and announces them, but answers no request. Its cluster-mate asks it
 * for pieces; before the fix such requests waited forever and the cluster-mate with them. Now they are
 * asked for elsewhere, the member is dropped, and the honest receivers finish with verified copies while
 * it is still running; the sender names it as failed. The sender's {@code --max-rate} makes the push take
 * longer than the failure timeout however fast the machine is, so the cluster-mate still owes pieces
 * when the stalled member's time is up (unthrottled, it could finish first, asking elsewhere, and never
 * drop it).
 */
class StalledPeerIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;
    @RegisterExtension
    final RobberProcesses processes = new RobberProcesses(() -> work);

    private RobberProcesses.Node receiver(String id, String cluster, String listen, String coordinator)
            throws Exception {
        return processes.start(id, "receive", "--coordinator", coordinator, "--listen", listen, "--cluster", cluster,
                "--id", id, "--out", work.resolve("out-" + id).toString(), "--failure-timeout", "10s", "--wait", "2m",
                "--timeout", "3m");
    }

    @Test
    void aMemberThatTakesPiecesButServesNoneDoesNotStallItsClusterMate() throws Exception {
        Path data = work.resolve("data.bin");
        RobberProcesses.writeData(data, 32L << 20, 8);
        String coordinator = RobberProcesses.coordinator("127.0.0.90");
        RobberProcesses.Node sender = processes.start("sender", "send", data.toString(), "--listen", coordinator,
                "--expect", "3", "--cluster", "a", "--id", "root", "--failure-timeout", "10s", "--max-rate", "2MB/s",
                "--json", "--wait", "2m", "--timeout", "3m");
        RobberProcesses.Node a1 = receiver("a1", "a", "127.0.1.90", coordinator);
        RobberProcesses.Node b1 = receiver("b1", "b", "127.0.2.90", coordinator);
        RobberProcesses.Node stalled = processes.startMain("b2", StalledDiskMember.class, coordinator, "127.0.2.91",
                String.valueOf(RobberProcesses.freePort("127.0.2.91")), "b2", "b", "10");

        String sha = RobberProcesses.sha256(data);
        for (RobberProcesses.Node honest : new RobberProcesses.Node[] {a1, b1}) {
            assertThat(honest.awaitExit()).as("%s stderr:%n%s", honest.name(), honest.stderr()).isZero();
            assertThat(RobberProcesses.sha256(work.resolve("out-" + honest.name()).resolve("data.bin")))
                    .as("%s's copy", honest.name()).isEqualTo(sha);
        }
        assertThat(b1.stderr()).as("the cluster-mate dropped it for not serving")
                .contains("disconnecting member b2: answered none of");
        assertThat(sender.awaitExit()).as("sender stderr:%n%s", sender.stderr()).isEqualTo(1);
        assertThat(stalled.process().isAlive()).as("the stalled member runs on; stderr:%n%s", stalled.stderr())
                .isTrue();
        assertThat(stalled.stderr()).contains("stalled member b2 joined the data channel");
        assertThat(JSON.readTree(sender.stdout()).get("failed").toString()).contains("b2").doesNotContain("b1")
                .doesNotContain("a1");
    }
}

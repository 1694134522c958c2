package io.robber.rendezvous;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.rendezvous.control.NodeReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A transfer's {@code --json} summary keeps the form Jackson's data binding gave it before the rendezvous wrote
 * it by hand: the expected lines were printed by data binding from the same summaries.
 */
class TransferSummaryJsonTest {
    private static final NodeReport SENDER = new NodeReport("127.0.0.1:17800", "default", "sender", 8.973, 29.91, true,
            new NodeReport.Traffic(0, 0), new NodeReport.Traffic(268435456L, 0), null);
    private static final NodeReport FAILED = new NodeReport("127.0.0.2:40447", "default", "receiver", null, null, false,
            null, null, "disk full: \"/out\" has 3 bytes free");

    @Test
    void aSendersSummaryWithAFailedReceiver() {
        assertThat(new TransferSummary("sender", "127.0.0.1:17800", "robber", "data.bin", "file", 268435456L, 131072,
                "40dd1df441c0ff33c5c18cd1b42d5a5b502ab5c18a9bb3718ed261136c151046", 8.973, 29.91, false, null,
                List.of(SENDER, FAILED), List.of("127.0.0.2:40447"), "1 receiver failed").json())
                .isEqualTo("{\"role\":\"sender\",\"id\":\"127.0.0.1:17800\",\"protocol\":\"robber\",\"name\":\"data.bin\",\"kind\":\"file\",\"bytes\":268435456,\"pieceSize\":131072,\"sha256\":\"40dd1df441c0ff33c5c18cd1b42d5a5b502ab5c18a9bb3718ed261136c151046\",\"seconds\":8.973,\"throughputMBps\":29.91,\"verified\":false,\"nodes\":[{\"id\":\"127.0.0.1:17800\",\"cluster\":\"default\",\"role\":\"sender\",\"seconds\":8.973,\"throughputMBps\":29.91,\"verified\":true,\"bytesIn\":{\"local\":0,\"global\":0},\"bytesOut\":{\"local\":268435456,\"global\":0}},{\"id\":\"127.0.0.2:40447\",\"cluster\":\"default\",\"role\":\"receiver\",\"verified\":false,\"error\":\"disk full: \\\"/out\\\" has 3 bytes free\"}],\"failed\":[\"127.0.0.2:40447\"],\"error\":\"1 receiver failed\"}");
    }

    @Test
    void aReceiverThatFailedBeforeItsTransferLeavesOutWhatItNeverLearnt() {
        assertThat(new TransferSummary("receiver", "r1", null, null, null, 0, 0, null, 0, 0, false, null, null, null,
                "coordinator at 127.0.0.1:1 unreachable").json())
                .isEqualTo("{\"role\":\"receiver\",\"id\":\"r1\",\"bytes\":0,\"pieceSize\":0,\"seconds\":0.0,\"throughputMBps\":0.0,\"verified\":false,\"error\":\"coordinator at 127.0.0.1:1 unreachable\"}");
    }

    @Test
    void aReceiversSummaryOfATree() {
        assertThat(new TransferSummary("receiver", "r1", "robber", "tree", "tree", 1000, 65536, "ab", 0.5, 0.002, true,
                "/tmp/out/tree", List.of(SENDER), List.of(), null).json())
                .isEqualTo("{\"role\":\"receiver\",\"id\":\"r1\",\"protocol\":\"robber\",\"name\":\"tree\",\"kind\":\"tree\",\"bytes\":1000,\"pieceSize\":65536,\"sha256\":\"ab\",\"seconds\":0.5,\"throughputMBps\":0.002,\"verified\":true,\"output\":\"/tmp/out/tree\",\"nodes\":[{\"id\":\"127.0.0.1:17800\",\"cluster\":\"default\",\"role\":\"sender\",\"seconds\":8.973,\"throughputMBps\":29.91,\"verified\":true,\"bytesIn\":{\"local\":0,\"global\":0},\"bytesOut\":{\"local\":268435456,\"global\":0}}],\"failed\":[]}");
    }
}

package io.robber.datacast.rdcm;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.multicast.PaperExample;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** §3.3 on Fig. 7's receiver v8: leaf ring O_v8 = {v9, v8} (parent v11), proxy ring O_v0 = {v8, v2} (parent v0), children v11, v14. */
class RdcmReceiverTest {
    private static final long TIMEOUT = 1_000_000L;
    private final PaperExample example = new PaperExample();
    private final BackupOverlay overlay = figure7(example);
    private final List<String> sent = new ArrayList<>();
    private final RdcmReceiver v8 = new RdcmReceiver(example.v(8), overlay, TIMEOUT, 3, 4, new RdcmOutput() {
        @Override
        public void ack(int to, RdcmAck ack) {
            sent.add("ack " + ack.sequence() + " on O_" + name(ack.ring()) + " to " + name(to));
        }

        @Override
        public void repair(int to, int sequence) {
            sent.add("repair " + sequence + " to " + name(to));
        }

        @Override
        public void multicast(int sequence) {
            sent.add("multicast " + sequence);
        }

        @Override
        public void linkFailure(int successor) {
            sent.add("link failure report about " + name(successor));
        }

        @Override
        public void receiverFailure(int successor) {
            sent.add("receiver failure report about " + name(successor));
        }

        @Override
        public void silentTree() {
            sent.add("silent tree report");
        }
    });

    /** Fig. 7's backup overlay on Fig. 6's tree, with the paper's random choices. */
    static BackupOverlay figure7(PaperExample example) {
        return BackupOverlayBuild.build(example.figure6(), example.receivers(), figure7Choices(example));
    }

    static ProxyTieBreak figure7Choices(PaperExample example) {
        return ProxyTieBreak.preferring(IntStream.of(9, 11, 8, 14, 12, 10, 2, 1, 5).map(example::v).toArray());
    }

    private String name(int node) {
        for (int i = 0; i < 16; i++) {
            if (example.v(i) == node) {
                return "v" + i;
            }
        }
        for (int j = 0; j < 8; j++) {
            if (example.w(j) == node) {
                return "w" + j;
            }
        }
        return "?";
    }

    private RdcmAck ack(int from, int ring, int sequence) {
        return new RdcmAck(example.v(from), ring, sequence, 0L, 0);
    }

    @Test
    void aPacketIsAckedOnTheLeafRingAndOnTheFirstChildAckOnTheProxyRing() {
        v8.onData(0, false, 0);
        assertThat(sent).containsExactly("ack 0 on O_v8 to v9", "ack 0 on O_v8 to v11");
        sent.clear();
        v8.onAck(ack(11, example.w(4), 0));
        v8.onAck(ack(14, example.w(4), 0));
        assertThat(sent).containsExactly("ack 0 on O_v0 to v2", "ack 0 on O_v0 to v0");
    }

    @Test
    void theRepairWindowMovesUpOnlyWithThePacketBothSuccessorsAcksAndAChildAck() {
        v8.onData(0, false, 0);
        v8.onAck(ack(9, example.v(8), 0));
        assertThat(v8.windowLow()).isZero();
        v8.onAck(ack(2, example.v(0), 0));
        assertThat(v8.windowLow()).isZero();
        v8.onAck(ack(14, example.w(4), 0));
        assertThat(v8.windowLow()).isOne();
    }

    @Test
    void aSuccessorWhoseAckTimesOutIsRepairedAndACumulativeAckStopsTheRepairs() {
        v8.onData(0, false, 0);
        v8.onData(1, false, 10);
        v8.onAck(ack(9, example.v(8), 0));
        sent.clear();
        v8.onTimer(TIMEOUT + 10);
        assertThat(sent).containsExactlyInAnyOrder("repair 0 to v2", "repair 1 to v2", "repair 1 to v9");
        sent.clear();
        v8.onAck(new RdcmAck(example.v(9), example.v(8), 1, 0L, 2));
        v8.onTimer(2 * TIMEOUT + 10);
        assertThat(sent).containsExactlyInAnyOrder("repair 0 to v2", "repair 1 to v2");
        assertThat(v8.repaired()).containsExactlyInAnyOrder(example.v(2), example.v(9));
    }

    @Test
    void aRepairReachingAReceiverIsPassedOnAtOnceToSuccessorsThatHaveNotAckedIt() {
        v8.onAck(ack(2, example.v(0), 5));
        v8.onData(5, true, 0);
        assertThat(sent).contains("repair 5 to v9").doesNotContain("repair 5 to v2");
        assertThat(v8.fromOverlay()).isOne();
    }

    @Test
    void aDuplicateIsAckedAgainOnBothRingsSoALostAckStopsCostingRepairs() {
        v8.onData(3, false, 0);
        sent.clear();
        v8.onData(3, true, 5);
        assertThat(sent).containsExactly("ack 3 on O_v8 to v9", "ack 3 on O_v8 to v11", "ack 3 on O_v0 to v2",
                "ack 3 on O_v0 to v0");
        assertThat(v8.duplicates()).isOne();
    }

    @Test
    void repairsStopAfterTheLastAttempt() {
        v8.onData(0, false, 0);
        v8.onAck(ack(2, example.v(0), 0));
        for (int t = 1; t <= 5; t++) {
            v8.onTimer(t * TIMEOUT);
        }
        assertThat(sent.stream().filter(line -> line.equals("repair 0 to v9"))).hasSize(3);
        assertThat(v8.givenUp()).isOne();
        assertThat(v8.nextDeadline()).isEqualTo(Long.MAX_VALUE);
        assertThat(sent).filteredOn(line -> line.contains("failure")).containsExactly("receiver failure report about v9");
    }

    @Test
    void aSuccessorRepairedForReportAfterPacketsInARowFromTheTreeIsReportedOnceItAcksARepair() {
        for (int k = 0; k < 6; k++) {
            v8.onData(k, false, k);
            v8.onAck(ack(2, example.v(0), k));
        }
        v8.onTimer(TIMEOUT + 10);
        assertThat(sent).noneMatch(line -> line.contains("failure"));
        v8.onAck(ack(9, example.v(8), 0));
        v8.onTimer(2 * TIMEOUT + 10);
        v8.onTimer(3 * TIMEOUT + 10);
        assertThat(sent).filteredOn(line -> line.contains("failure")).containsExactly("link failure report about v9");
    }

    @Test
    void aSuccessorThatTakesNoRepairIsReportedFailedNotAsALinkFailure() {
        for (int k = 0; k < 6; k++) {
            v8.onData(k, false, k);
            v8.onAck(ack(2, example.v(0), k));
        }
        for (int t = 1; t <= 5; t++) {
            v8.onTimer(t * TIMEOUT + 10);
        }
        assertThat(sent).filteredOn(line -> line.contains("failure")).containsExactly("receiver failure report about v9");
        assertThat(v8.givenUp()).isEqualTo(6);
    }

    @Test
    void onRejoiningARebuiltOverlayTheReceiverAcksWhatItHoldsAndWaitsForItsNewSuccessorsAcks() {
        v8.onData(0, false, 0);
        v8.onData(1, false, 0);
        int[] withoutV9 = IntStream.of(example.receivers()).filter(r -> r != example.v(9)).toArray();
        BackupOverlay rebuilt = BackupOverlayBuild.build(example.figure6().prunedTo(withoutV9), withoutV9,
                ProxyTieBreak.lowestIndex());
        assertThat(OverlayVerifier.problems(example.figure6().prunedTo(withoutV9), rebuilt)).isEmpty();
        sent.clear();
        v8.rejoin(rebuilt, 10);
        int leafPredecessor = rebuilt.leafRing(example.v(8)).orElseThrow().predecessor(example.v(8));
        assertThat(sent).contains("ack 1 on O_" + name(rebuilt.leafRing(example.v(8)).orElseThrow().treeParent())
                + " to " + name(leafPredecessor));
        sent.clear();
        v8.onTimer(10 + TIMEOUT);
        for (int successor : rebuilt.successors(example.v(8))) {
            assertThat(sent).contains("repair 0 to " + name(successor), "repair 1 to " + name(successor));
        }
        assertThat(sent).noneMatch(line -> line.endsWith("to v9"));
    }

    @Test
    void aSuccessorThatAcksInTimeBreaksTheRunAndIsNotReported() {
        for (int k = 0; k < 6; k++) {
            v8.onData(k, false, k);
            v8.onAck(ack(2, example.v(0), k));
            if (k == 2) {
                v8.onAck(ack(9, example.v(8), k));
            }
        }
        v8.onTimer(TIMEOUT + 10);
        assertThat(sent).noneMatch(line -> line.startsWith("link failure"));
    }
}

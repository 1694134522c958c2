package io.robber.datacast.rdcm;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.multicast.PaperExample;
import io.robber.sim.VirtualClock;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The sender-repair-only baseline on the paper's Fig. 6 tree (BCube(4,1), nine receivers): it
 * delivers every packet under loss, repairs a loss few receivers share by unicast and one every
 * receiver shares by multicast, and its repairs take the new data's slots at the sender, so under
 * random loss it finishes later than RDCM on the same tree.
 */
class SenderRepairSessionTest {
    private static final int PACKETS = 3000;
    private static final long LIMIT = 60_000_000_000L;
    private final PaperExample example = new PaperExample();

    private Fabric fabric(long seed, double loss, int... lossyArcs) {
        Fabric fabric = new Fabric(example.network, new VirtualClock(), seed);
        int[] arcs = lossyArcs.length > 0 ? lossyArcs : IntStream.range(0, example.network.arcCount()).toArray();
        for (int arc : arcs) {
            fabric.setLossRate(arc, loss);
        }
        return fabric;
    }

    private SenderRepairReport run(Fabric fabric) {
        MulticastTree tree = example.figure6();
        return new SenderRepairSession(fabric, tree, example.receivers(), RdcmSettings.DEFAULT).run(PACKETS, LIMIT);
    }

    @Test
    void withoutLossNothingIsRepairedAndEachAckCoversSeveralPackets() {
        SenderRepairReport report = run(fabric(1, 0));

        assertThat(report.complete()).isTrue();
        assertThat(report.multicastRepairs() + report.unicastRepairs()).isZero();
        int receivers = example.receivers().length;
        assertThat(report.ackPackets()).isBetween((long) PACKETS / SenderRepairSession.ACK_EVERY * receivers,
                (long) PACKETS / 4 * receivers);
        assertThat(report.duplicates()).isZero();
    }

    @Test
    void randomLossOnEveryLinkIsRepairedByTheSenderMostlyByUnicast() {
        SenderRepairReport report = run(fabric(7, 0.02));

        assertThat(report.complete()).isTrue();
        assertThat(report.unicastRepairs()).isPositive();
        assertThat(report.unicastRepairs()).isGreaterThan(report.multicastRepairs());
        assertThat(report.duplicates()).isLessThan(report.unicastRepairs() + report.multicastRepairs());
    }

    @Test
    void aLossEveryReceiverSharesIsRepairedByOneMulticast() {
        int firstArc = example.arc(example.v(0), example.w(0));
        int secondArc = example.arc(example.v(0), example.w(4));
        SenderRepairReport report = run(fabric(3, 0.05, firstArc, secondArc));

        assertThat(report.complete()).isTrue();
        assertThat(report.multicastRepairs()).isPositive();
    }

    @Test
    void underRandomLossTheSendersRepairsSlowItBelowRdcmOnTheSameTree() {
        SenderRepairReport baseline = run(fabric(5, 0.05));
        RdcmReport rdcm = new RdcmSession(fabric(5, 0.05), example.figure6(), RdcmReceiverTest.figure7(example),
                RdcmSettings.DEFAULT).run(PACKETS);

        assertThat(baseline.complete()).isTrue();
        assertThat(rdcm.complete()).isTrue();
        assertThat((double) baseline.finishNanos()).isGreaterThan(1.3 * rdcm.finishNanos());
    }
}

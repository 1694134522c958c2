package io.robber.datacast.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.LinkProfiles;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Random loss on every link of the fabric, not only on Table 1's slow one: a receiver that sees its
 * later interests answered first asks again at once, the caches just up the tree answer, and the
 * source neither sends much again nor halves its rate for each loss. The fabric runs in virtual time,
 * so the finishing times compared are simulated, the same on any machine.
 */
class RandomLossTest {
    private static final int PACKETS = 6_000;
    private static final int BLOCK = 250;

    /** Runs {@code transfer} for at most 60 s of virtual time. */
    private static DatacastOutcome run(DatacastTransfer transfer) {
        transfer.start();
        transfer.runUntilFinished(60_000_000_000L);
        return transfer.outcome();
    }

    private static Table1Group bcube(double loss) {
        Table1Group setup = Table1Group.bcube(BCube.of(4, 1, LinkProfiles.DEFAULT));
        for (int arc = 0; arc < setup.network.arcCount(); arc++) {
            setup.fabric.setLossRate(arc, loss);
        }
        return setup;
    }

    @Test
    void onePercentLossOnEveryLinkIsRepairedFromTheCachesWithoutCollapsingTheRate() {
        Table1Group lossless = bcube(0);
        DatacastOutcome reference = run(lossless.transfer(PACKETS, BLOCK, BlockFeed.HANDED_OFF));
        Table1Group lossy = bcube(0.01);
        DatacastTransfer transfer = lossy.transfer(PACKETS, BLOCK, BlockFeed.HANDED_OFF);

        DatacastOutcome outcome = run(transfer);

        assertThat(outcome.complete()).isTrue();
        List<TransferReport> reports = transfer.reports();
        long retransmissions = reports.stream().flatMap(r -> r.receivers().stream())
                .mapToLong(TransferReport.ReceiverReport::retransmissions).sum();
        long duplicateData = reports.stream().mapToLong(TransferReport::duplicateData).sum();
        long newData = reports.stream().mapToLong(TransferReport::newData).sum();
        assertThat(retransmissions).isPositive();
        assertThat(duplicateData).as("sent again by the source").isLessThan(retransmissions / 4);
        assertThat(duplicateData).isLessThan(newData / 20);
        assertThat((double) outcome.finishNanos()).isLessThan(4.0 * reference.finishNanos());
    }
}

package io.robber.datacast.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.steiner.TreeRepair;
import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Fattree;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.datacast.transport.DatacastOutcome.Repair;
import io.robber.datacast.transport.DatacastOutcome.TreeSetUp;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A link under a tree taken down in the middle of a transfer (§4.1.3): the fabric manager reports
 * it, the master rebuilds the broken tree and signals it down the new tree, and the transfer ends
 * with every packet at every receiver — or, if a receiver is cut off, with a report saying so.
 */
class LinkFailureTest {
    private static final int PACKETS = 6_000;
    private static final int BLOCK = 250;
    private static final long FAIL_AT = 15_000_000L;

    private static DatacastOutcome run(Table1Group setup, DatacastTransfer transfer) {
        transfer.start();
        transfer.runUntilFinished(60_000_000_000L);
        return transfer.outcome();
    }

    /**
     * Every receiver holds each packet; the receivers the failure did not cut off get again, on the
     * rebuilt tree, part of the blocks moved from the broken one (they ask for them with the others,
     * in step), a fraction of the data.
     */
    private static void assertEveryReceiverHoldsEveryPacket(DatacastOutcome outcome) {
        assertThat(outcome.failure()).isNull();
        assertThat(outcome.complete()).isTrue();
        assertThat(outcome.members()).allSatisfy(member -> {
            assertThat(member.packets()).isEqualTo(PACKETS);
            assertThat(member.duplicates()).isLessThan(PACKETS / 4);
        });
    }

    /** The new tree's set-up reached every receiver and the aggregated ACK counted them all at the root. */
    private static void assertSignalled(TreeSetUp setUp, int receivers) {
        assertThat(setUp.receivers()).isEqualTo(receivers);
        assertThat(setUp.acknowledged()).isEqualTo(receivers);
        assertThat(setUp.ackedNanos()).isGreaterThan(setUp.sentNanos());
        assertThat(setUp.cost().messages()).isEqualTo(setUp.nodes() - 1);
        assertThat(setUp.cost().acks()).isEqualTo(setUp.nodes() - 1);
    }

    @Test
    void aFailedLinkUnderOneOfBCubesTwoTreesIsRepairedAndTheTransferCompletes() {
        Table1Group setup = Table1Group.bcube(BCube.of(4, 1, LinkProfiles.DEFAULT));
        SteinerTree broken = setup.trees.get(0);
        DatacastTransfer transfer = setup.transfer(PACKETS, BLOCK, BlockFeed.HANDED_OFF);
        setup.failAt(FAIL_AT, "01", "<1,1>");

        DatacastOutcome outcome = run(setup, transfer);

        assertEveryReceiverHoldsEveryPacket(outcome);
        assertThat(outcome.repairs()).hasSize(1);
        Repair repair = outcome.repairs().get(0);
        assertThat(repair.detectedNanos()).isEqualTo(FAIL_AT + DatacastTransfer.DETECTION_NANOS);
        assertThat(repair.broken()).isEqualTo(1);
        assertThat(repair.dropped()).isZero();
        assertThat(repair.signals()).hasSize(1);
        assertSignalled(repair.signals().get(0), 6);
        List<TransferReport> reports = transfer.reports();
        assertThat(reports).hasSize(3);
        assertThat(reports.get(2).packets()).isPositive();
        int tree1 = 1;
        for (int arc : broken.arcs()) {
            assertThat(setup.nodes.at(setup.network.head(arc)).plays(tree1)).isFalse();
        }
    }

    @Test
    void aDroppedTreesBlocksMoveToTheTreeThatIsLeft() {
        Table1Group setup = Table1Group.bcube(BCube.of(4, 1, LinkProfiles.DEFAULT));
        DatacastTransfer transfer = setup.transfer(PACKETS, BLOCK, BlockFeed.HANDED_OFF);
        setup.failAt(FAIL_AT, "00", "<0,0>");

        DatacastOutcome outcome = run(setup, transfer);

        assertEveryReceiverHoldsEveryPacket(outcome);
        assertThat(outcome.repairs()).singleElement().satisfies(repair -> {
            assertThat(repair.broken()).isEqualTo(1);
            assertThat(repair.dropped()).isEqualTo(1);
            assertThat(repair.signals()).isEmpty();
        });
        List<TransferReport> reports = transfer.reports();
        assertThat(reports).hasSize(2);
        assertThat(reports.get(1).packets()).isGreaterThan(PACKETS / 2);
    }

    /**
     * The source's link to ⟨0,0⟩ fails, one tree is dropped and the other carries on alone; the link
     * comes back up, and the fabric manager's report lets the master grow a second tree again, set
     * up by signalling and handed blocks like the first.
     */
    @Test
    void aTreeDroppedForAFailedLinkIsGrownAgainWhenTheLinkComesBack() {
        Table1Group setup = Table1Group.bcube(BCube.of(4, 1, LinkProfiles.DEFAULT));
        DatacastTransfer transfer = setup.transfer(PACKETS, BLOCK, BlockFeed.HANDED_OFF);
        long upAt = FAIL_AT + 10_000_000L;
        setup.failAt(FAIL_AT, "00", "<0,0>");
        setup.upAt(upAt, "00", "<0,0>");

        DatacastOutcome outcome = run(setup, transfer);

        assertEveryReceiverHoldsEveryPacket(outcome);
        assertThat(outcome.repairs()).hasSize(2);
        assertThat(outcome.repairs().get(0).dropped()).isEqualTo(1);
        Repair back = outcome.repairs().get(1);
        assertThat(back.detectedNanos()).isEqualTo(upAt + DatacastTransfer.DETECTION_NANOS);
        assertThat(back.broken()).isZero();
        assertThat(back.added()).isEqualTo(1);
        assertThat(back.signals()).singleElement().satisfies(setUp -> assertSignalled(setUp, 6));
        List<TransferReport> reports = transfer.reports();
        assertThat(reports).hasSize(3);
        assertThat(reports.get(2).packets()).as("the new tree's blocks").isPositive();
    }

    @Test
    void aLinkBackUpBeforeTheFabricManagerNoticedChangesNothing() {
        Table1Group setup = Table1Group.bcube(BCube.of(4, 1, LinkProfiles.DEFAULT));
        DatacastTransfer transfer = setup.transfer(PACKETS, BLOCK, BlockFeed.HANDED_OFF);
        setup.failAt(FAIL_AT, "01", "<1,1>");
        setup.upAt(FAIL_AT + DatacastTransfer.DETECTION_NANOS / 2, "01", "<1,1>");

        DatacastOutcome outcome = run(setup, transfer);

        assertEveryReceiverHoldsEveryPacket(outcome);
        assertThat(outcome.repairs()).isEmpty();
        assertThat(transfer.reports()).hasSize(2);
    }

    @Test
    void aFailedLinkUnderAFattreesOnlyTreeIsRepairedAndTheTransferCompletes() {
        Fattree fattree = Fattree.of(4, 3, LinkProfiles.DEFAULT);
        Table1Group setup = new Table1Group(fattree,
                Group.allServers(fattree.network(), fattree.network().servers().get(0)), 5);
        assertThat(setup.trees).hasSize(1);
        int arc = setup.trees.get(0).arcs()[1];
        DatacastTransfer transfer = setup.transfer(PACKETS, BLOCK, BlockFeed.HANDED_OFF);
        setup.failAt(FAIL_AT, setup.network.node(setup.network.tail(arc)).name(),
                setup.network.node(setup.network.head(arc)).name());

        DatacastOutcome outcome = run(setup, transfer);

        assertEveryReceiverHoldsEveryPacket(outcome);
        assertThat(outcome.repairs()).singleElement().satisfies(repair -> {
            assertThat(repair.broken()).isEqualTo(1);
            assertThat(repair.signals()).singleElement().satisfies(setUp -> assertSignalled(setUp, 15));
        });
    }

    @Test
    void aReceiverCutOffEndsTheTransferWithAReportNamingIt() {
        Table1Group setup = Table1Group.bcube(BCube.of(4, 1, LinkProfiles.DEFAULT));
        DatacastTransfer transfer = setup.transfer(PACKETS, BLOCK, BlockFeed.HANDED_OFF);
        setup.failAt(FAIL_AT, "33", "<0,3>");
        setup.failAt(FAIL_AT, "33", "<1,3>");

        DatacastOutcome outcome = run(setup, transfer);

        assertThat(transfer.finished()).isTrue();
        assertThat(outcome.complete()).isFalse();
        assertThat(outcome.finishNanos()).isEqualTo(-1);
        assertThat(outcome.failure()).contains("[33]").contains("cut off").contains("33—<0,3>");
        assertThat(setup.clock.now()).isLessThan(FAIL_AT + 2 * DatacastTransfer.DETECTION_NANOS);
        assertThat(outcome.members()).allSatisfy(member -> assertThat(member.packets()).isBetween(1, PACKETS - 1));
    }

    /**
     * A link of the rebuilt tree fails in turn (one the other tree does not use either way, and around
     * which the tree can be rebuilt): a second repair.
     */
    @Test
    void aRebuiltTreeThatFailsInTurnIsRebuiltAgain() {
        Table1Group setup = Table1Group.bcube(BCube.of(4, 1, LinkProfiles.DEFAULT));
        TreeRepair repairs = new TreeRepair(setup.network);
        int first = setup.link("01", "<1,1>");
        SteinerTree rebuilt = repairs.repair(setup.group, setup.trees, FailedLinks.of(first)).get(0).orElseThrow();
        List<SteinerTree> now = List.of(setup.trees.get(1), rebuilt);
        int deep = Arrays.stream(rebuilt.arcs())
                .filter(arc -> !now.get(0).isBroken(FailedLinks.of(Network.linkOf(arc))))
                .filter(arc -> repairs.repair(setup.group, now, FailedLinks.of(first, Network.linkOf(arc))).get(1).isPresent())
                .findFirst().orElseThrow();
        DatacastTransfer transfer = setup.transfer(PACKETS, BLOCK, BlockFeed.HANDED_OFF);
        setup.failAt(FAIL_AT, "01", "<1,1>");
        setup.failAt(2 * FAIL_AT, setup.network.node(setup.network.tail(deep)).name(),
                setup.network.node(setup.network.head(deep)).name());

        DatacastOutcome outcome = run(setup, transfer);

        assertEveryReceiverHoldsEveryPacket(outcome);
        assertThat(outcome.repairs()).hasSize(2).allSatisfy(repair -> {
            assertThat(repair.broken()).isEqualTo(1);
            assertThat(repair.signals()).singleElement().satisfies(setUp -> assertSignalled(setUp, 6));
        });
        assertThat(transfer.reports()).hasSize(4);
    }

    /** 1 % loss on every link besides the failure: set-up messages and ACKs are sent again as needed. */
    @Test
    void aRepairUnderLossOnEveryLinkStillReachesEveryReceiver() {
        Table1Group setup = Table1Group.bcube(BCube.of(4, 1, LinkProfiles.DEFAULT));
        for (int arc = 0; arc < setup.network.arcCount(); arc++) {
            setup.fabric.setLossRate(arc, 0.01);
        }
        DatacastTransfer transfer = setup.transfer(PACKETS, BLOCK, BlockFeed.HANDED_OFF);
        setup.failAt(FAIL_AT, "01", "<1,1>");

        DatacastOutcome outcome = run(setup, transfer);

        assertEveryReceiverHoldsEveryPacket(outcome);
        assertThat(outcome.repairs()).singleElement().satisfies(repair -> assertThat(repair.signals())
                .singleElement().satisfies(setUp -> assertThat(setUp.acknowledged()).isEqualTo(6)));
    }

    /**
     * Reported only 100 ms late, the failure leaves tree 1's receivers beyond it without data while
     * the others keep asking for blocks: tree 1 gets no more than {@link BlockHandOff#LEAD} blocks not
     * known to be delivered, and tree 2 carries the rest meanwhile.
     */
    @Test
    void aTreeHalfCutOffGetsNoMoreBlocksWhileTheFailureIsNotReported() {
        Table1Group setup = Table1Group.bcube(BCube.of(4, 1, LinkProfiles.DEFAULT));
        DatacastTransfer transfer = setup.transfer(PACKETS, BLOCK, BlockFeed.HANDED_OFF, 100_000_000L);
        setup.failAt(FAIL_AT, "01", "<1,1>");

        DatacastOutcome outcome = run(setup, transfer);

        assertEveryReceiverHoldsEveryPacket(outcome);
        assertThat(outcome.members()).allSatisfy(member ->
                assertThat(member.duplicates()).isLessThanOrEqualTo(BlockHandOff.LEAD * BLOCK));
        List<TransferReport> reports = transfer.reports();
        assertThat(reports).hasSize(3);
        assertThat(reports.get(1).packets()).isGreaterThan(3 * reports.get(0).packets());
    }
}

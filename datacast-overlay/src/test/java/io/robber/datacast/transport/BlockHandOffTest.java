package io.robber.datacast.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * §4.2's hand-off on BCube(4,1)'s two trees to Table 1's group, with the paper's slow arc
 * ⟨0,0⟩→02 (100 Mbit/s) on tree 1 only: tree 2 reaches 02 through ⟨1,2⟩.
 */
class BlockHandOffTest {
    private static final int PACKETS = 4_000;
    private static final int BLOCK = 250;

    private DatacastOutcome run(BlockFeed feed, List<TransferReport> reports) {
        Table1Group setup = Table1Group.bcube(BCube.of(4, 1, LinkProfiles.DEFAULT));
        int slow = setup.network.arc(setup.link("<0,0>", "02"), setup.network.node("<0,0>").index());
        setup.fabric.setRate(slow, 100_000_000L);
        assertThat(setup.trees.get(0).arcs()).contains(slow);
        assertThat(setup.trees.get(1).arcs()).doesNotContain(slow);
        DatacastTransfer transfer = setup.transfer(PACKETS, BLOCK, feed);
        transfer.start();
        reports.addAll(transfer.runUntilFinished(60_000_000_000L));
        DatacastOutcome outcome = transfer.outcome();
        assertThat(outcome.complete()).isTrue();
        assertThat(outcome.members()).allSatisfy(member -> {
            assertThat(member.packets()).isEqualTo(PACKETS);
            assertThat(member.duplicates()).isZero();
        });
        assertThat(reports.stream().mapToInt(TransferReport::packets).sum()).isEqualTo(PACKETS);
        assertThat(reports.stream().mapToLong(TransferReport::newData).sum()).isEqualTo(PACKETS);
        assertThat(reports).allSatisfy(report -> assertThat(report.complete()).isTrue());
        return outcome;
    }

    @Test
    void theFasterTreeTakesTheBlocksTheSlowedOneWouldHaveHeldUp() {
        List<TransferReport> dealtTrees = new ArrayList<>();
        List<TransferReport> handedTrees = new ArrayList<>();
        DatacastOutcome dealt = run(BlockFeed.DEALT, dealtTrees);
        DatacastOutcome handedOff = run(BlockFeed.HANDED_OFF, handedTrees);

        assertThat(dealtTrees).extracting(TransferReport::packets).containsExactly(PACKETS / 2, PACKETS / 2);
        assertThat(dealt.handOffs()).isZero();
        assertThat(handedTrees.get(1).packets()).isGreaterThan(3 * handedTrees.get(0).packets());
        assertThat(handedOff.handOffs()).isEqualTo(PACKETS / BLOCK - 2);
        assertThat(handedOff.deliveredBlocks()).isBetween(PACKETS / BLOCK - 4, PACKETS / BLOCK);
        assertThat((double) dealt.finishNanos() / handedOff.finishNanos()).isGreaterThan(2);
    }

    /** Interests, data, hand-off requests, announcements and their ACKs all lost at 1 % on every arc. */
    @Test
    void theHandOffSurvivesLossOnEveryLink() {
        Table1Group setup = Table1Group.bcube(BCube.of(4, 1, LinkProfiles.DEFAULT));
        for (int arc = 0; arc < setup.network.arcCount(); arc++) {
            setup.fabric.setLossRate(arc, 0.01);
        }
        DatacastTransfer transfer = setup.transfer(PACKETS, BLOCK, BlockFeed.HANDED_OFF);
        transfer.start();
        List<TransferReport> reports = transfer.runUntilFinished(60_000_000_000L);

        DatacastOutcome outcome = transfer.outcome();
        assertThat(outcome.complete()).isTrue();
        assertThat(outcome.members()).allSatisfy(member -> {
            assertThat(member.packets()).isEqualTo(PACKETS);
            assertThat(member.duplicates()).isZero();
        });
        assertThat(reports.stream().mapToInt(TransferReport::packets).sum()).isEqualTo(PACKETS);
        assertThat(setup.fabric.total(port -> port.lossDrops())).isGreaterThan(100);
    }

    /**
     * A tree's plan lost on its way to member 22 and sent again after the announcements that
     * followed it (BCube(4,1), all 15 servers, 50 Mbit/s links, blocks of 100 packets, 1 % loss,
     * seed 11): 22 starts on the blocks announced before it joined too, and every copy is whole.
     */
    @Test
    void aMemberWhosePlanCameAfterItsAnnouncementsStillGetsThoseBlocks() {
        long rate = 50_000_000L;
        TransportSettings settings = TransportSettings.PAPER.withCacheBytes(512_000).withRateIncrease(125_000_000L)
                .timeScaled(rate / 1e9);
        BCube bcube = BCube.of(4, 1, LinkProfiles.uniform(new LinkProfile(rate, 100_000L, 100)));
        Network network = bcube.network();
        Group group = Group.allServers(network, network.node("00"));
        List<SteinerTree> trees = MultipleSteinerTrees.on(bcube).calculate(group, FailedLinks.none()).trees();
        int[] receivers = group.receivers().stream().mapToInt(node -> node.index()).toArray();
        DataSet data = DataSet.random(700_001, 5, settings.payloadBytes(), 100);
        ReceivedCopies copies = new ReceivedCopies(data, receivers);
        Fabric fabric = new Fabric(network, new VirtualClock(), 11);
        for (int arc = 0; arc < network.arcCount(); arc++) {
            fabric.setLossRate(arc, 0.01);
        }
        DatacastTransfer transfer = new DatacastTransfer(new DatacastNodes(fabric), trees, receivers, data.packets(),
                100, settings, copies);
        transfer.start();
        transfer.runUntilFinished(60_000_000_000L);

        assertThat(transfer.outcome().complete()).isTrue();
        assertThat(copies.verified()).isTrue();
    }
}

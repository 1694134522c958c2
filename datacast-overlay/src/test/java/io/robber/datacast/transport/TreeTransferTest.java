package io.robber.datacast.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class TreeTransferTest {
    private static final List<String> RECEIVERS = List.of("02", "10", "21", "23", "31", "33");
    private static final int PACKETS = 2_000;

    private final BCube bcube = BCube.of(4, 1, LinkProfiles.DEFAULT);
    private final Network network = bcube.network();
    private final Fabric fabric = new Fabric(network, new VirtualClock(), 7);
    private final List<SteinerTree> trees = MultipleSteinerTrees.on(bcube)
            .calculate(new Group(network.node("00"), RECEIVERS.stream().map(network::node).toList()), FailedLinks.none())
            .trees();
    private SteinerTree tree = trees.get(0);

    private TreeTransfer transfer(TransportSettings settings) {
        int[] receivers = RECEIVERS.stream().mapToInt(name -> network.node(name).index()).toArray();
        TreeTransfer transfer = new TreeTransfer(new DatacastNodes(fabric), tree, receivers, BlockSchedule.single(1, PACKETS), settings);
        transfer.start();
        return transfer;
    }

    @Test
    void everyReceiverGetsEveryPacketAndEachTreeLinkCarriesEachPacketAboutOnce() {
        TransferReport report = transfer(TransportSettings.PAPER).runUntilFinished(10_000_000_000L);

        assertThat(report.complete()).isTrue();
        assertThat(report.receivers()).allSatisfy(r -> assertThat(r.receivedPackets()).isEqualTo(PACKETS));
        assertThat(report.newData()).isEqualTo(PACKETS);
        assertEachTreeArcCarriesEachPacketAboutOnce();
    }

    /** BCube's level-1 tree passes receiver 10 on the way to 12 and 02: 10 caches and forwards one copy. */
    @Test
    void aReceiverThatForwardsToOthersIsABranchingNodeToo() {
        tree = trees.get(1);
        assertThat(Arrays.stream(tree.arcs()).filter(arc -> network.tail(arc) == network.node("10").index())).hasSize(1);
        TransferReport report = transfer(TransportSettings.PAPER).runUntilFinished(10_000_000_000L);

        assertThat(report.complete()).isTrue();
        assertThat(report.duplicateData()).isZero();
        assertEachTreeArcCarriesEachPacketAboutOnce();
    }

    private void assertEachTreeArcCarriesEachPacketAboutOnce() {
        for (int arc : tree.arcs()) {
            long dataPackets = fabric.port(arc).bytesSent() / TransportSettings.PAPER.mtuBytes();
            assertThat(dataPackets).as(network.describeArc(arc)).isBetween((long) PACKETS, PACKETS * 11L / 10);
        }
    }

    @Test
    void everyReceiverGetsEveryPacketDespiteRandomLossOnEveryLink() {
        for (int arc = 0; arc < network.arcCount(); arc++) {
            fabric.setLossRate(arc, 0.01);
        }
        TransferReport report = transfer(TransportSettings.PAPER).runUntilFinished(60_000_000_000L);

        assertThat(report.complete()).isTrue();
        assertThat(report.receivers()).allSatisfy(r -> assertThat(r.retransmissions()).isPositive());
        assertThat(fabric.total(p -> p.lossDrops())).isPositive();
    }

    @Test
    void aReceiverOffTheTreeIsRefusedByName() {
        int outside = Stream.of("01", "11", "20").map(network::node)
                .filter(node -> Arrays.stream(tree.arcs()).noneMatch(arc -> network.head(arc) == node.index()))
                .findFirst().orElseThrow().index();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new TreeTransfer(new DatacastNodes(fabric), tree,
                new int[] {outside}, BlockSchedule.single(1, 1), TransportSettings.PAPER)).hasMessageContaining("is not on the tree");
    }
}

package io.robber.datacast.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.Port;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologySpec;
import io.robber.sim.VirtualClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The source's rate ceiling on a ring (Torus(4,1)): its two trees run the ring in opposite directions,
 * so every link carries one tree's data and the other's interests. Without the ceiling the rate grew
 * past what the links carry beside the interests, receivers fell out of step and the duplicate
 * interests halved the rate again and again: 1.5 × the ideal at 50 MB.
 */
class SourceCeilingTest {
    private static final TransportSettings SETTINGS = TransportSettings.PAPER.withInitialRate(1_000_000_000L);

    @Test
    void theCeilingIsTheSourcesSlowestTreeLinkLessAHeaderPerPacketWhereAnotherTreeRunsALinkTheOtherWay() {
        Fabric fabric = new Fabric(ring().network(), new VirtualClock(), 1);
        List<SteinerTree> trees = trees(fabric.network());
        for (SteinerTree tree : trees) {
            assertThat(Source.ceiling(fabric, tree, trees, SETTINGS)).isEqualTo(1_000_000_000L * 1500 / 1516);
            assertThat(Source.ceiling(fabric, tree, List.of(tree), SETTINGS)).as("alone").isEqualTo(1_000_000_000L);
        }
    }

    @Test
    void aimdNeverRisesAboveItsCeilingNorStartsAboveIt() {
        AimdRate rate = new AimdRate(SETTINGS, 800_000_000L);
        assertThat(rate.bitsPerSecond()).isEqualTo(800_000_000L);
        rate.onDuplicateInterest();
        rate.onInterval();
        for (int i = 0; i < 200; i++) {
            rate.onInterval();
        }
        assertThat(rate.bitsPerSecond()).isEqualTo(800_000_000L);
    }

    @Test
    void treesSharingLinksBothWaysFinishNearTheIdealWithoutDuplicateData() {
        Topology ring = ring();
        Fabric fabric = new Fabric(ring.network(), new VirtualClock(), 1);
        List<SteinerTree> trees = trees(fabric.network());
        int packets = 33_334;
        int[] receivers = fabric.network().servers().stream().skip(1).mapToInt(Node::index).toArray();
        DatacastTransfer transfer = new DatacastTransfer(new DatacastNodes(fabric), trees, receivers, packets,
                packets / trees.size() / 16, SETTINGS, BlockFeed.DEALT, DatacastTransfer.DETECTION_NANOS);
        transfer.start();
        List<TransferReport> reports = transfer.runUntilFinished(10_000_000_000L);

        assertThat(reports).allSatisfy(report -> assertThat(report.complete()).isTrue());
        long finish = reports.stream().flatMap(r -> r.receivers().stream())
                .mapToLong(TransferReport.ReceiverReport::finishNanos).max().orElseThrow();
        double ideal = packets * (SETTINGS.mtuBytes() - SETTINGS.headerBytes()) * 8e9 / (trees.size() * 1e9);
        assertThat(finish / ideal).as("finish over the two-tree ideal (1.5 without the ceiling)").isLessThan(1.05);
        assertThat(reports).allSatisfy(report -> assertThat(report.duplicateData()).isZero());
        assertThat(fabric.total(Port::drops)).isZero();
    }

    private static Topology ring() {
        return TopologySpec.parse("torus:4,1");
    }

    private static List<SteinerTree> trees(Network network) {
        List<Node> servers = network.servers();
        Group group = new Group(servers.get(0), servers.subList(1, servers.size()));
        List<SteinerTree> trees = MultipleSteinerTrees.on(ring()).calculate(group, FailedLinks.none()).trees();
        assertThat(trees).hasSize(2);
        return trees;
    }
}

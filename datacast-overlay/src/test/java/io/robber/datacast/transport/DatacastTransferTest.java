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
import java.util.List;
import org.junit.jupiter.api.Test;

class DatacastTransferTest {
    private static final int PACKETS = 4_000;
    private static final int BLOCK = 250;

    private final BCube bcube = BCube.of(4, 1, LinkProfiles.DEFAULT);
    private final Network network = bcube.network();
    private final Group group = new Group(network.node("00"),
            CacheSizeBenchmark.RECEIVERS.stream().map(network::node).toList());
    private final List<SteinerTree> trees = MultipleSteinerTrees.on(bcube).calculate(group, FailedLinks.none()).trees();
    private final int[] receivers = group.receivers().stream().mapToInt(node -> node.index()).toArray();

    private List<TransferReport> transfer(List<SteinerTree> using) {
        return transfer(using, PACKETS);
    }

    private List<TransferReport> transfer(List<SteinerTree> using, int packets) {
        VirtualClock clock = new VirtualClock();
        DatacastTransfer transfer = new DatacastTransfer(new DatacastNodes(new Fabric(network, clock, 3)), using,
                receivers, packets, BLOCK, TransportSettings.PAPER);
        transfer.start();
        List<TransferReport> reports = transfer.runUntilFinished(10_000_000_000L);
        assertThat(reports).hasSize(using.size()).allSatisfy(report -> assertThat(report.complete()).isTrue());
        for (int r = 0; r < receivers.length; r++) {
            int receiver = r;
            assertThat(reports.stream().mapToInt(report -> report.receivers().get(receiver).receivedPackets()).sum())
                    .isEqualTo(packets);
        }
        assertThat(reports.stream().mapToLong(TransferReport::newData).sum()).isEqualTo(packets);
        return reports;
    }

    @Test
    void theBlocksHandedToBCubesTwoEqualTreesReachEveryReceiverEachExactlyOnce() {
        assertThat(trees).hasSize(2);
        assertThat(transfer(trees)).extracting(TransferReport::packets).containsExactly(PACKETS / 2, PACKETS / 2);
    }

    @Test
    void oneTreeCarriesEveryBlock() {
        assertThat(transfer(trees.subList(0, 1))).extracting(TransferReport::packets).containsExactly(PACKETS);
    }

    /**
     * The trees share links in opposite directions (⟨0,1⟩→10 carries tree 1's data and tree 2's
     * interests from 12 and 02): were the interests queued behind the data, tree 2's far receiver 02
     * would fall C behind and halve its tree's rate down to the floor (1.19×).
     */
    @Test
    void twoTreesFinishNearlyTwiceAsFastAsOne() {
        int packets = 20_000;
        long one = lastFinish(transfer(trees.subList(0, 1), packets));
        List<TransferReport> two = transfer(trees, packets);
        assertThat(two).allSatisfy(report -> assertThat(report.duplicateData()).isZero());
        assertThat((double) one / lastFinish(two)).isGreaterThan(1.6);
    }

    private static long lastFinish(List<TransferReport> reports) {
        return reports.stream().flatMap(report -> report.receivers().stream())
                .mapToLong(TransferReport.ReceiverReport::finishNanos).max().orElseThrow();
    }

    @Test
    void theLastBlockMayBeShort() {
        BlockSchedule schedule = new BlockSchedule(2, new int[] {1, 3}, 100, 350);
        assertThat(schedule.packets()).isEqualTo(150);
        assertThat(schedule.name(120)).isEqualTo(new DataName(2, 3, 20));
        assertThat(schedule.position(new DataName(2, 3, 49))).isEqualTo(149);
        assertThat(schedule.position(new DataName(2, 3, 50))).isEqualTo(-1);
        assertThat(schedule.position(new DataName(1, 1, 0))).isEqualTo(-1);
        assertThat(schedule.position(new DataName(2, 2, 0))).isEqualTo(-1);
    }
}

package io.robber.datacast.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.LoopbackFabric;
import io.robber.datacast.fabric.Port;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Datacast on the fabric in real time over loopback sockets, with real bytes: BCube(4,1), source 00
 * and the 15 other servers, two trees. Asserts the copies, counts and link stress, never speed.
 */
class LoopbackTransferTest {
    private static final long RATE = 50_000_000L;
    private static final int SIZE = 700_001;
    private static final int BLOCK = 100;
    private static final TransportSettings SETTINGS = TransportSettings.PAPER.withCacheBytes(512_000)
            .withRateIncrease(125_000_000L).timeScaled(RATE / 1e9);

    private final BCube bcube = BCube.of(4, 1, LinkProfiles.uniform(new LinkProfile(RATE, 100_000L, 100)));
    private final Network network = bcube.network();
    private final Group group = Group.allServers(network, network.node("00"));
    private final List<SteinerTree> trees = MultipleSteinerTrees.on(bcube).calculate(group, FailedLinks.none()).trees();
    private final int[] receivers = group.receivers().stream().mapToInt(node -> node.index()).toArray();
    private final DataSet data = DataSet.random(SIZE, 5, SETTINGS.payloadBytes(), BLOCK);

    private record Run(List<TransferReport> reports, double linkStress, boolean verified, long wireBytes) {
    }

    private Run onLoopback(double lossRate) throws InterruptedException {
        ReceivedCopies copies = new ReceivedCopies(data, receivers);
        try (LoopbackFabric loopback = LoopbackFabric.open(network, 11, DatacastCodec.INSTANCE, Duration.ofSeconds(30))) {
            Fabric fabric = loopback.fabric();
            for (int arc = 0; arc < network.arcCount(); arc++) {
                fabric.setLossRate(arc, lossRate);
            }
            DatacastTransfer transfer = new DatacastTransfer(new DatacastNodes(fabric), trees, receivers,
                    data.packets(), BLOCK, SETTINGS, copies);
            assertThat(loopback.run(transfer::start, transfer::finished, Duration.ofMinutes(3))).isTrue();
            List<TransferReport> reports = loopback.call(transfer::stop);
            for (int receiver : receivers) {
                assertThat(loopback.call(() -> copies.verifiedBlocks(receiver))).isEqualTo(data.blocks());
            }
            return new Run(reports, loopback.call(() -> linkStress(fabric, reports)), loopback.call(copies::verified),
                    loopback.wireBytes());
        }
    }

    private double linkStress(Fabric fabric, List<TransferReport> reports) {
        double carried = 0;
        double once = 0;
        for (int t = 0; t < trees.size(); t++) {
            for (int arc : trees.get(t).arcs()) {
                carried += fabric.port(arc).dataBytesSent();
            }
            once += (double) reports.get(t).packets() * SETTINGS.mtuBytes() * trees.get(t).arcs().length;
        }
        return carried / once;
    }

    @Test
    void everyReceiversCopyIsByteIdenticalAndEachTreeLinkCarriesEachPacketAboutOnce() throws Exception {
        assertThat(trees).hasSize(2);
        Run run = onLoopback(0);
        assertThat(run.verified()).isTrue();
        assertThat(run.reports()).allSatisfy(report -> assertThat(report.complete()).isTrue());
        assertThat(run.reports().stream().mapToLong(TransferReport::newData).sum()).isEqualTo(data.packets());
        assertThat(run.linkStress()).isBetween(1.0, 1.05);
        int treeLinks = trees.stream().mapToInt(tree -> tree.arcs().length).sum();
        assertThat(run.wireBytes()).isGreaterThan((long) SIZE * treeLinks / 2);

        VirtualClock clock = new VirtualClock();
        DatacastTransfer virtual = new DatacastTransfer(new DatacastNodes(new Fabric(network, clock, 11)), trees,
                receivers, data.packets(), BLOCK, SETTINGS);
        virtual.start();
        double finish = lastFinish(run.reports());
        assertThat(finish / lastFinish(virtual.runUntilFinished(Long.MAX_VALUE))).as("the same schedule as in virtual time")
                .isBetween(0.95, 1.05);
    }

    @Test
    void withLossOnEveryLinkTheRetransmittedDataStillMakesIdenticalCopies() throws Exception {
        Run run = onLoopback(0.01);
        assertThat(run.verified()).isTrue();
        assertThat(run.reports().stream().flatMap(r -> r.receivers().stream())
                .mapToLong(TransferReport.ReceiverReport::retransmissions).sum()).isPositive();
    }

    @Test
    void aCorruptedPacketSpoilsItsBlockAndTheVerdict() {
        ReceivedCopies copies = new ReceivedCopies(data, receivers);
        for (int receiver : receivers) {
            for (int p = 0; p < BLOCK; p++) {
                DataName name = new DataName(1, 0, p);
                ByteBuffer bytes = copies.read(name);
                if (receiver == receivers[3] && p == 17) {
                    byte[] altered = new byte[bytes.remaining()];
                    bytes.duplicate().get(altered);
                    altered[100] ^= 1;
                    bytes = ByteBuffer.wrap(altered);
                }
                copies.received(receiver, new Data(name, false, bytes));
            }
        }
        assertThat(copies.verifiedBlocks(receivers[0])).isEqualTo(1);
        assertThat(copies.verifiedBlocks(receivers[3])).isZero();
        assertThat(copies.mismatchedBlocks()).isEqualTo(1);
        assertThat(copies.verified()).isFalse();
    }

    private static double lastFinish(List<TransferReport> reports) {
        return reports.stream().flatMap(report -> report.receivers().stream())
                .mapToLong(TransferReport.ReceiverReport::finishNanos).max().orElseThrow();
    }
}

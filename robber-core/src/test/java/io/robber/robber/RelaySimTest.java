package io.robber.robber;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.engine.Protocol;
import io.robber.sim.LinkModel;
import io.robber.sim.NodeStats;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import io.robber.sim.WanTraffic;
import org.junit.jupiter.api.Test;

/**
 * Relaying between clusters in virtual time: two "continents" of two clusters each, fast links
 * inside a continent and slow ones between; the root is in cluster 0. Robber's collectives fetch each
 * piece over the wide area once and relay what they got to the other clusters.
 */
class RelaySimTest {
    private static final int PIECES = 600;
    private static final int PIECE_SIZE = 16 * 1024;

    private static SimResult run(Protocol protocol) {
        Group group = SimData.clusters(4, 4, 4, 4);
        LinkModel links = LinkModel.clustered(group, 125e6, 50_000, 5e6, 10_000_000)
                .scaledBy((a, b) -> group.clusterIndex(a) / 2 == group.clusterIndex(b) / 2 ? 1.0 : 0.1);
        return SimNetwork.builder(group, protocol)
                .options(ProtocolOptions.defaults(3))
                .pieces(PIECES, PIECE_SIZE)
                .possession(SimData.roots(PIECES, 0))
                .links(links)
                .seed(5)
                .sampleEvery(10_000_000)
                .run()
                .assertAllComplete();
    }

    @Test
    void clustersRelayAndEveryPieceEntersEachClusterOnce() {
        SimResult result = run(new RobberProtocol());
        WanTraffic wan = result.wan();
        long data = (long) PIECES * PIECE_SIZE;
        System.out.println(result.summary());
        for (int c = 0; c < 4; c++) {
            System.out.printf("cluster %d out %.2f in %.2f%n", c, wan.bytesOut(c) / (double) data, wan.bytesIn(c) / (double) data);
        }
        System.out.printf("busy %.2f new-to-cluster %.2f%n", wan.share(WanTraffic.State.BUSY), wan.share(WanTraffic.State.NEW_TO_CLUSTER));
        for (int c = 1; c < 4; c++) {
            assertThat(wan.bytesIn(c)).as("WAN bytes into cluster %d", c).isEqualTo(data);
            assertThat(wan.bytesOut(c)).as("bytes cluster %d relayed to others", c).isGreaterThan(data / 10);
        }
        assertThat(result.total(NodeStats::duplicates)).isZero();
    }
}

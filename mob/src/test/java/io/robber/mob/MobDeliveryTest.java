package io.robber.mob;

import static io.robber.testkit.Delivery.Placement.roots;
import static io.robber.testkit.Delivery.Placement.singleRoot;
import static io.robber.testkit.Delivery.Placement.striped;
import static org.assertj.core.api.Assertions.assertThat;

import io.robber.engine.Protocols;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import org.junit.jupiter.api.Test;

/** MOB over real sockets: found by name, same shapes as Robber, no stealing. */
class MobDeliveryTest {
    private static final int PIECE = 64 * 1024;

    @Test
    void isFoundByName() {
        assertThat(Protocols.byName("mob")).isInstanceOf(MobProtocol.class);
        assertThat(Protocols.available()).containsKeys("mob", "robber");
    }

    @Test
    void fourClustersOfFourWithWanEconomy() throws Exception {
        byte[] data = Delivery.data(128L * PIECE + 77, 1);
        try (LoopbackGroup g = LoopbackGroup.open("mob", 1, 4, 4, 4, 4)) {
            Delivery.Result result = Delivery.run(g, data, PIECE, singleRoot());
            for (int cluster = 1; cluster < 4; cluster++) {
                assertThat(result.globalBytesInByCluster()[cluster]).isBetween((double) data.length, data.length * 1.01);
            }
            assertThat(g.channels()).allSatisfy(ch -> assertThat(ch.meters().stealsTried()).isZero());
        }
    }

    @Test
    void unevenClusters() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("mob", 2, 1, 3, 7, 2)) {
            Delivery.run(g, Delivery.data(40L * PIECE + 3, 2), PIECE, singleRoot());
        }
    }

    @Test
    void multiRootAndStriping() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("mob", 3, 3, 3, 3)) {
            Delivery.run(g, Delivery.data(30L * PIECE + 1, 3), PIECE, roots("c0n1", "c2n2"));
            Delivery.run(g, Delivery.data(31L * PIECE, 4), PIECE, striped("c1"));
        }
    }

    @Test
    void oneClusterOfEightAndTinyData() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("mob", 4, 8)) {
            Delivery.run(g, Delivery.data(20L * PIECE, 5), PIECE, singleRoot());
            Delivery.run(g, new byte[0], PIECE, singleRoot());
            Delivery.run(g, new byte[] {1}, PIECE, singleRoot());
        }
    }
}

package io.robber.bittorrent;

import static io.robber.testkit.Delivery.Placement.roots;
import static io.robber.testkit.Delivery.Placement.singleRoot;
import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.ProtocolOptions;
import io.robber.engine.Protocols;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** BitTorrent over real sockets: found by name, every variant delivers byte-identical copies. */
class BitTorrentDeliveryTest {
    private static final int PIECE = 64 * 1024;

    @Test
    void isFoundByName() {
        assertThat(Protocols.byName("bittorrent")).isInstanceOf(BitTorrentProtocol.class);
        assertThat(Protocols.available()).containsKeys("bittorrent", "robber");
    }

    @Test
    void classicSwarmOverThreeClusters() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("bittorrent", 1, 3, 3, 3)) {
            Delivery.run(g, Delivery.data(60L * PIECE + 77, 1), PIECE, singleRoot());
            Delivery.run(g, Delivery.data(1, 2), PIECE, roots("c1n2"));
        }
    }

    @Test
    void cornetAndOptimized() throws Exception {
        for (String variant : new String[] {"cornet", "optimized"}) {
            try (LoopbackGroup g = LoopbackGroup.open("bittorrent", 2, c -> c.withOptions(new ProtocolOptions(5, 5, 2,
                    Map.of("bittorrent.variant", variant, "bittorrent.block-pieces", "4"))), 4, 4)) {
                Delivery.run(g, Delivery.data(40L * PIECE + 3, 3), PIECE, roots("c0n1", "c1n3"));
            }
        }
    }
}

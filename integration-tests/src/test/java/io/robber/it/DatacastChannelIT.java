package io.robber.it;

import static io.robber.testkit.Delivery.Placement.singleRoot;
import static org.assertj.core.api.Assertions.assertThat;

import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code datacast} protocol through the public API: real {@code MulticastChannel}s over TCP on
 * loopback, every copy byte-identical to the source's data and digest-verified piece by piece.
 */
class DatacastChannelIT {
    private static final int PIECE = 64 * 1024;

    /** A member on every server of BCube(4,1): two trees, members relaying for each other. */
    @Test
    void sixteenMembersOnABCube() throws Exception {
        byte[] data = Delivery.data(96L * PIECE + 321, 21);
        try (LoopbackGroup g = LoopbackGroup.open("datacast", 21,
                ProtocolExtras.with(Map.of("datacast.topology", "bcube:4,1")), 4, 4, 4, 4)) {
            Delivery.Result result = Delivery.run(g, data, PIECE, singleRoot());
            assertThat(result.copies()).hasSize(16);
        }
    }

    /** The paper's Table 1 group placed by name, and the default topology (one switch, one tree). */
    @Test
    void namedServersAndTheDefaultTopology() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("datacast", 22, ProtocolExtras.with(Map.of("datacast.topology",
                "bcube:4,1",
                "datacast.servers", "00,02,10,21,23,31,33")), 3, 4)) {
            Delivery.run(g, Delivery.data(40L * PIECE + 7, 22), PIECE, singleRoot());
        }
        try (LoopbackGroup g = LoopbackGroup.open("datacast", 23, 2, 3)) {
            Delivery.run(g, Delivery.data(20L * PIECE, 23), PIECE, singleRoot());
        }
    }
}

package io.robber.it;

import static io.robber.testkit.Delivery.Placement.singleRoot;
import static org.assertj.core.api.Assertions.assertThat;

import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code mctcp} protocol through the public API: real {@code MulticastChannel}s over TCP on
 * loopback, every copy byte-identical to the source's data and digest-verified piece by piece.
 */
class McTcpChannelIT {
    private static final int PIECE = 64 * 1024;

    /** A member on every server of BCube(4,1): members relay down the group manager's tree and ACK to the source. */
    @Test
    void sixteenMembersOnABCube() throws Exception {
        byte[] data = Delivery.data(96L * PIECE + 321, 41);
        try (LoopbackGroup g = LoopbackGroup.open("mctcp", 41,
                ProtocolExtras.with(Map.of("mctcp.topology", "bcube:4,1")), 4, 4, 4, 4)) {
            Delivery.Result result = Delivery.run(g, data, PIECE, singleRoot());
            assertThat(result.copies()).hasSize(16);
        }
    }

    /** Named servers, shortest-path routing and a window of two pieces; a leaf-spine network; the default topology. */
    @Test
    void namedServersSmallWindowsAndTheDefaultTopology() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("mctcp", 42, ProtocolExtras.with(Map.of("mctcp.topology",
                "bcube:4,1", "mctcp.servers", "00,02,10,21,23,31,33", "mctcp.routing", "sp", "mctcp.window", "2")),
                3, 4)) {
            Delivery.run(g, Delivery.data(40L * PIECE + 7, 42), PIECE, singleRoot());
        }
        try (LoopbackGroup g = LoopbackGroup.open("mctcp", 43,
                ProtocolExtras.with(Map.of("mctcp.topology", "leafspine:2,3,3")), 4, 5)) {
            Delivery.run(g, Delivery.data(30L * PIECE + 1, 43), PIECE, singleRoot());
        }
        try (LoopbackGroup g = LoopbackGroup.open("mctcp", 44, 2, 3)) {
            Delivery.run(g, Delivery.data(20L * PIECE, 44), PIECE, singleRoot());
        }
    }
}

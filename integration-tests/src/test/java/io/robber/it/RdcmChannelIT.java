package io.robber.it;

import static io.robber.testkit.Delivery.Placement.singleRoot;
import static org.assertj.core.api.Assertions.assertThat;

import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code rdcm} protocol through the public API: real {@code MulticastChannel}s over TCP on
 * loopback, every copy byte-identical to the source's data and digest-verified piece by piece.
 */
class RdcmChannelIT {
    private static final int PIECE = 64 * 1024;

    /** A member on every server of BCube(4,1): members relay down the tree and ACK on the backup overlay. */
    @Test
    void sixteenMembersOnABCube() throws Exception {
        byte[] data = Delivery.data(96L * PIECE + 321, 31);
        try (LoopbackGroup g = LoopbackGroup.open("rdcm", 31,
                ProtocolExtras.with(Map.of("rdcm.topology", "bcube:4,1")), 4, 4, 4, 4)) {
            Delivery.Result result = Delivery.run(g, data, PIECE, singleRoot());
            assertThat(result.copies()).hasSize(16);
        }
    }

    /** Named servers with a small window, a leaf-spine network, and the default topology (one switch). */
    @Test
    void namedServersAndTheDefaultTopology() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("rdcm", 32, ProtocolExtras.with(Map.of("rdcm.topology",
                "bcube:4,1",
                "rdcm.servers", "00,02,10,21,23,31,33", "rdcm.window", "2")), 3, 4)) {
            Delivery.run(g, Delivery.data(40L * PIECE + 7, 32), PIECE, singleRoot());
        }
        try (LoopbackGroup g = LoopbackGroup.open("rdcm", 34,
                ProtocolExtras.with(Map.of("rdcm.topology", "leafspine:2,3,3")), 4, 5)) {
            Delivery.run(g, Delivery.data(30L * PIECE + 1, 34), PIECE, singleRoot());
        }
        try (LoopbackGroup g = LoopbackGroup.open("rdcm", 33, 2, 3)) {
            Delivery.run(g, Delivery.data(20L * PIECE, 33), PIECE, singleRoot());
        }
    }
}

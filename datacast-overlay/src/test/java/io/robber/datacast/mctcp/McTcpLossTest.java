package io.robber.datacast.mctcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.background.UnicastRoutes;
import io.robber.datacast.bench.TopologyBench;
import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.tcp.TcpSettings;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologySpec;
import io.robber.sim.VirtualClock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * MCTCP sessions under random loss on every arc from the start (handshake included), as the topology
 * bench runs them: 12 receivers drawn by seed, 2 MB in 1500-byte segments, the bench's 1 Gbit/s links.
 */
class McTcpLossTest {
    private static final long MS = 1_000_000L;
    private static final int SEGMENTS = 1334;

    @ParameterizedTest
    @CsvSource({"'bcube:4,1', 1", "'bcube:4,1', 2", "'bcube:4,1', 3", "'fattree:4,3', 1", "'fattree:4,3', 2",
        "'fattree:4,3', 3"})
    void atTwoPercentEveryReceiverEndsWithEveryByteRepairedBySelectiveAcksNotTimeouts(String spec, long seed) {
        McTcpSession session = run(spec, 0.02, seed);
        // Each hole of the union is sent again about once: a third to a half of the segments on these trees.
        assertThat(session.sender().retransmissions()).isLessThan(SEGMENTS);
        // The repairs come from selective ACKs and tail loss probes; the 2 ms timeout is rare.
        assertThat(session.sender().timeouts()).isLessThan(session.sender().retransmissions() / 20);
        assertThat(session.finishedAtNanos()).as("well inside the bench's limit").isLessThan(1_000 * MS);
    }

    @ParameterizedTest
    @CsvSource({"'bcube:4,1', 4", "'fattree:4,3', 1", "'fattree:4,3', 4"})
    void atFivePercentEveryReceiverStillEndsWithEveryByte(String spec, long seed) {
        McTcpSession session = run(spec, 0.05, seed);
        assertThat(session.sender().retransmissions()).isLessThan(2L * SEGMENTS);
        assertThat(session.finishedAtNanos()).as("inside the bench's limit").isLessThan(5_000 * MS);
    }

    /** One session of 12 receivers drawn by {@code seed}, loss {@code loss} on every arc from the start. */
    private static McTcpSession run(String spec, double loss, long seed) {
        Topology topology = TopologySpec.parse(spec);
        Group group = TopologyBench.randomGroup(topology.network(), 12, seed);
        Fabric fabric = new Fabric(topology.network(), new VirtualClock(), seed);
        for (int arc = 0; arc < topology.network().arcCount(); arc++) {
            fabric.setLossRate(arc, loss);
        }
        MulticastManager multicast = new MulticastManager(fabric);
        GroupManager manager = new GroupManager(fabric, multicast, RoutingSettings.DEFAULT, 3_000 * MS);
        int[] receivers = group.receivers().stream().mapToInt(Node::index).toArray();
        McTcpSession session = new McTcpSession(fabric, multicast, manager, new UnicastRoutes(fabric), 1,
                group.source().index(), receivers, SEGMENTS, TcpSettings.DEFAULT, MS);
        session.start();
        fabric.runUntil(10_000 * MS);
        assertThat(session.finished()).isTrue();
        assertThat(session.evictions()).isEmpty();
        assertThat(session.verifiedReceivers()).containsExactlyInAnyOrder(receivers);
        return session;
    }
}

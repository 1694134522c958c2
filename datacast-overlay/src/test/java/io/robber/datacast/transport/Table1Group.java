package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Topology;
import io.robber.sim.VirtualClock;
import java.util.List;

/** A group on a topology, its trees, and a fabric to run a {@link DatacastTransfer} on, for the tests. */
final class Table1Group {
    final Network network;
    final Group group;
    final List<SteinerTree> trees;
    final int[] receivers;
    final VirtualClock clock = new VirtualClock();
    final Fabric fabric;
    final DatacastNodes nodes;

    Table1Group(Topology topology, Group group, long seed) {
        this.network = topology.network();
        this.group = group;
        this.trees = MultipleSteinerTrees.on(topology).calculate(group, FailedLinks.none()).trees();
        this.receivers = group.receivers().stream().mapToInt(node -> node.index()).toArray();
        this.fabric = new Fabric(network, clock, seed);
        this.nodes = new DatacastNodes(fabric);
    }

    /** Table 1's group on BCube(4,1): source 00, receivers 02, 10, 21, 23, 31, 33. */
    static Table1Group bcube(Topology bcube) {
        Network network = bcube.network();
        return new Table1Group(bcube, new Group(network.node("00"),
                CacheSizeBenchmark.RECEIVERS.stream().map(network::node).toList()), 3);
    }

    DatacastTransfer transfer(int packets, int blockPackets, BlockFeed feed) {
        return transfer(packets, blockPackets, feed, DatacastTransfer.DETECTION_NANOS);
    }

    DatacastTransfer transfer(int packets, int blockPackets, BlockFeed feed, long detectionNanos) {
        return new DatacastTransfer(nodes, trees, receivers, packets, blockPackets, TransportSettings.PAPER, feed,
                detectionNanos);
    }

    int link(String a, String b) {
        return network.linkBetween(network.node(a).index(), network.node(b).index());
    }

    /** Takes the link between {@code a} and {@code b} down at {@code atNanos}. */
    void failAt(long atNanos, String a, String b) {
        int link = link(a, b);
        clock.schedule(atNanos - clock.now(), () -> fabric.setLinkUp(link, false));
    }

    /** Brings the link between {@code a} and {@code b} back up at {@code atNanos}. */
    void upAt(long atNanos, String a, String b) {
        int link = link(a, b);
        clock.schedule(atNanos - clock.now(), () -> fabric.setLinkUp(link, true));
    }
}

package io.robber.datacast.multicast;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.fabric.Port;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MulticastManagerTest {
    private static final int MTU = 1500;
    private static final int GROUP = 7;
    private final PaperExample example = new PaperExample();
    private final Network network = example.network;
    private final VirtualClock clock = new VirtualClock();
    private final Fabric fabric = new Fabric(network, clock, 1);
    private final MulticastManager manager = new MulticastManager(fabric);
    /** Per receiver node, the payloads its host got, in order. */
    private final Map<Integer, List<Object>> received = new HashMap<>();
    private final List<String> staleReports = new ArrayList<>();

    MulticastManagerTest() {
        for (int r : example.receivers()) {
            List<Object> got = new ArrayList<>();
            received.put(r, got);
            manager.host(r, packet -> got.add(((TreeFrame) packet.payload()).payload()));
        }
        manager.onStale((node, frame) -> staleReports.add(network.node(node) + ":" + frame.payload()));
    }

    private void send(int from, int count) {
        for (int i = from; i < from + count; i++) {
            manager.send(GROUP, MTU, i);
        }
    }

    @Test
    void switchesAndForwardingServersReplicateOntoTheTreeSoEachReceiverGetsEachPacketOnce() {
        MulticastTree tree = example.figure6();
        manager.install(GROUP, tree);
        send(0, 50);
        fabric.runUntil(Long.MAX_VALUE);
        for (int r : example.receivers()) {
            assertThat(received.get(r)).as(network.node(r).name()).hasSize(50).doesNotHaveDuplicates();
        }
        for (int arc = 0; arc < network.arcCount(); arc++) {
            boolean onTree = tree.parentArc(network.head(arc)) == arc;
            assertThat(fabric.port(arc).packetsSent()).as(network.describeArc(arc)).isEqualTo(onTree ? 50 : 0);
        }
        assertThat(manager.copies()).isEqualTo(50L * tree.arcs().length);
        assertThat(manager.staleFrames()).isZero();
    }

    @Test
    void aLossyTreeArcStarvesOnlyTheReceiversBelowItAndThePortCountsTheLosses() {
        MulticastTree tree = example.figure6();
        manager.install(GROUP, tree);
        int intoW4 = example.arc(example.v(0), example.w(4));
        fabric.setLossRate(intoW4, 0.2);
        for (int i = 0; i < 500; i++) {
            int packet = i;
            clock.schedule(i * 13_000L, () -> manager.send(GROUP, MTU, packet));
        }
        fabric.runUntil(Long.MAX_VALUE);
        long lost = fabric.port(intoW4).lossDrops();
        assertThat(lost).isBetween(50L, 150L);
        assertThat(fabric.total(Port::queueDrops)).isZero();
        for (int i : new int[] {8, 9, 10, 11, 12, 14}) {
            assertThat(received.get(example.v(i))).hasSize((int) (500 - lost));
        }
        for (int i : new int[] {1, 2, 5}) {
            assertThat(received.get(example.v(i))).hasSize(500);
        }
    }

    @Test
    void aReplacedTreeKeepsForwardingWhatWasSentOnItUntilItIsRetired() {
        manager.install(GROUP, example.figure6());
        send(0, 40);
        clock.schedule(30_000L, () -> {
            manager.replace(GROUP, alternative(), 1_000_000L);
            send(40, 40);
        });
        fabric.runUntil(500_000L);
        assertThat(manager.versions(GROUP)).containsExactly(1, 2);
        fabric.runUntil(Long.MAX_VALUE);
        assertThat(manager.versions(GROUP)).containsExactly(2);
        for (int r : example.receivers()) {
            assertThat(received.get(r)).as(network.node(r).name()).hasSize(80).doesNotHaveDuplicates();
        }
        assertThat(manager.staleFrames()).isZero();
        assertThat(fabric.port(example.arc(example.w(0), example.v(2))).packetsSent()).as("old tree only").isEqualTo(40);
        assertThat(fabric.port(example.arc(example.w(6), example.v(2))).packetsSent()).as("new tree only").isEqualTo(40);
    }

    @Test
    void aFrameReachingANodeWhoseTreeWasRetiredIsCountedAndReportedNotDroppedSilently() {
        int old = manager.install(GROUP, example.figure6());
        send(0, 40);
        clock.schedule(30_000L, () -> {
            manager.install(GROUP, alternative());
            manager.retire(GROUP, old);
        });
        fabric.runUntil(Long.MAX_VALUE);
        assertThat(manager.staleFrames()).isPositive().isEqualTo(staleReports.size());
        for (int r : example.receivers()) {
            for (int packet = 0; packet < 40; packet++) {
                if (!received.get(r).contains(packet)) {
                    assertThat(reportedAbove(r, packet)).as(network.node(r) + " missed " + packet).isTrue();
                }
            }
        }
    }

    @Test
    void unicastPacketsAreSourceRoutedThroughTheSameHandlersAndReachTheHost() {
        manager.install(GROUP, example.figure6());
        List<Object> atV5 = new ArrayList<>();
        manager.host(example.v(5), packet -> atV5.add(packet.payload()));
        int[] route = {example.arc(example.v(9), example.w(5)), example.arc(example.w(5), example.v(5))};
        fabric.send(Packet.along(route, Port.CONTROL_BYTES, "repair"));
        fabric.runUntil(Long.MAX_VALUE);
        assertThat(atV5).containsExactly("repair");
        assertThat(manager.copies()).isZero();
    }

    @Test
    void aFailedTreeLinkDropsItsPacketsAtThePortWhichCountsThem() {
        manager.install(GROUP, example.figure6());
        int link = network.linkBetween(example.w(5), example.v(5));
        fabric.setLinkUp(link, false);
        send(0, 10);
        fabric.runUntil(Long.MAX_VALUE);
        assertThat(received.get(example.v(5))).isEmpty();
        assertThat(fabric.port(example.arc(example.w(5), example.v(5))).downDrops()).isEqualTo(10);
        assertThat(received.get(example.v(1))).hasSize(10);
    }

    /** Did some node on the retired tree above {@code receiver} report {@code packet} as stale? */
    private boolean reportedAbove(int receiver, int packet) {
        MulticastTree tree = example.figure6();
        for (int v = receiver; v != tree.source(); v = network.tail(tree.parentArc(v))) {
            if (staleReports.contains(network.node(v) + ":" + packet)) {
                return true;
            }
        }
        return false;
    }

    /** Another tree to the same receivers, all through v0's level-1 switch w4 (v5, v1 via v4, v2 via v14). */
    private MulticastTree alternative() {
        PaperExample e = example;
        return new MulticastTree(network, e.v(0), new int[] {
            e.arc(e.v(0), e.w(4)), e.arc(e.w(4), e.v(8)), e.arc(e.w(4), e.v(12)), e.arc(e.w(4), e.v(4)),
            e.arc(e.v(8), e.w(2)), e.arc(e.w(2), e.v(9)), e.arc(e.w(2), e.v(10)), e.arc(e.w(2), e.v(11)),
            e.arc(e.v(12), e.w(3)), e.arc(e.w(3), e.v(14)), e.arc(e.v(4), e.w(1)), e.arc(e.w(1), e.v(5)),
            e.arc(e.v(5), e.w(5)), e.arc(e.w(5), e.v(1)), e.arc(e.v(14), e.w(6)), e.arc(e.w(6), e.v(2))});
    }
}

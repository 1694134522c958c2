package io.robber.datacast.signalling;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tree-encoded message of §3 on BCube(4,1)'s level-1 tree to Table 1's group. */
class SignallingAgentTest {
    private static final List<String> RECEIVERS = List.of("02", "10", "21", "23", "31", "33");

    private final BCube bcube = BCube.of(4, 1, LinkProfiles.DEFAULT);
    private final Network network = bcube.network();
    private final VirtualClock clock = new VirtualClock();
    private final Fabric fabric = new Fabric(network, clock, 11);
    private final Group group = new Group(network.node("00"), RECEIVERS.stream().map(network::node).toList());
    private final SteinerTree tree = MultipleSteinerTrees.on(bcube).calculate(group, FailedLinks.none()).trees().get(1);
    private final BitSet receivers = receiversOf(group);
    private final SignallingCounters counters = new SignallingCounters();
    private final Map<Integer, List<int[]>> heard = new HashMap<>();
    private final List<Integer> acknowledged = new ArrayList<>();
    private final List<Integer> tallies = new ArrayList<>();

    private static BitSet receiversOf(Group group) {
        BitSet receivers = new BitSet();
        group.receivers().forEach(receiver -> receivers.set(receiver.index()));
        return receivers;
    }

    private SignallingAgent agents() {
        SignallingAgent root = null;
        for (int node = 0; node < network.nodeCount(); node++) {
            int at = node;
            SignallingAgent agent = new SignallingAgent(fabric, clock, 16, (body, subtree, path) -> {
                heard.computeIfAbsent(at, v -> new ArrayList<>()).add(path);
                return subtree.rootIsReceiver() && network.node(at).name().startsWith("2") ? 1 : 0;
            }, counters);
            fabric.attach(node, packet -> {
                if (packet.payload() instanceof TreeMessage message) {
                    agent.onMessage(message);
                } else if (packet.payload() instanceof TreeAck ack) {
                    agent.onAck(ack);
                }
            });
            if (node == tree.source()) {
                root = agent;
            }
        }
        return root;
    }

    private void acknowledged(int receivers, int tally) {
        acknowledged.add(receivers);
        tallies.add(tally);
    }

    @Test
    void theEncodedTreeSplitsIntoItsChildrensSubtrees() {
        EncodedTree encoded = EncodedTree.of(network, tree.source(), tree.arcs(), receivers::get);
        assertThat(encoded.nodes()).isEqualTo(tree.linkCount() + 1);
        assertThat(encoded.arcIn()).isEqualTo(-1);
        assertThat(encoded.receivers()).isEqualTo(6);
        List<EncodedTree> children = encoded.children();
        assertThat(children).hasSize(encoded.childCount());
        assertThat(children.stream().mapToInt(EncodedTree::nodes).sum()).isEqualTo(encoded.nodes() - 1);
        assertThat(children.stream().mapToInt(EncodedTree::receivers).sum()).isEqualTo(6);
        for (EncodedTree child : children) {
            assertThat(network.tail(child.arcIn())).isEqualTo(tree.source());
        }
    }

    @Test
    void everyNodeOfTheTreeHearsOnceAndTheRootGetsOneAggregatedAckForEveryReceiverAndTheirAnswers() {
        SignallingAgent root = agents();
        root.originate(1, EncodedTree.of(network, tree.source(), tree.arcs(), receivers::get), "plan", 10_000_000L,
                this::acknowledged);
        fabric.runUntil(Long.MAX_VALUE);

        assertThat(acknowledged).containsExactly(6);
        assertThat(tallies).containsExactly(2);
        assertThat(heard).hasSize(tree.linkCount());
        for (int arc : tree.arcs()) {
            List<int[]> paths = heard.get(network.head(arc));
            assertThat(paths).hasSize(1);
            int[] path = paths.get(0);
            assertThat(path[path.length - 1]).isEqualTo(arc);
            assertThat(network.tail(path[0])).isEqualTo(tree.source());
        }
        assertThat(counters.cost(1).messages()).isEqualTo(tree.linkCount());
        assertThat(counters.cost(1).acks()).isEqualTo(tree.linkCount());
    }

    /** A node that acknowledged and forgot a message hears it again if its ACK was lost. */
    @Test
    void lostMessagesAndAcksAreSentAgainUntilEveryReceiverHasAcknowledged() {
        SignallingAgent root = agents();
        for (int arc = 0; arc < network.arcCount(); arc++) {
            fabric.setLossRate(arc, 0.3);
        }
        root.originate(1, EncodedTree.of(network, tree.source(), tree.arcs(), receivers::get), "plan", 1_000_000L,
                this::acknowledged);
        fabric.runUntil(Long.MAX_VALUE);

        assertThat(acknowledged).containsExactly(6);
        assertThat(tallies).containsExactly(2);
        assertThat(heard).hasSize(tree.linkCount()).allSatisfy((node, paths) -> assertThat(paths).isNotEmpty());
        assertThat(counters.cost(1).messages()).isGreaterThan(tree.linkCount());
        assertThat(fabric.total(port -> port.lossDrops())).isPositive();
    }
}

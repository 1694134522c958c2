package io.robber.datacast.rdcm;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologySpec;
import io.robber.sim.VirtualClock;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * §3.4 on Fattree(4,3), where a server hangs off one edge switch: seeded groups of 12 receivers
 * (the first server the source, as the bench draws them), 1,334 packets (2 MB), one tree link failing
 * for good at 5 ms, virtual time.
 */
class RdcmTreeLinkFailureTest {
    private static final long MS = 1_000_000L;
    private static final int PACKETS = 1334;
    private final Topology fattree = TopologySpec.parse("fattree:4,3");
    private final Network network = fattree.network();

    /**
     * An edge switch's link to a receiver fails: the receiver is cut off, even from the overlay. Its
     * predecessor reports it failed after the last repair attempt; its own reports about its
     * successors (whose ACKs no longer reach it) cannot reach the manager, so no live receiver is
     * reported failed, and every other receiver ends holding every packet.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 3, 6, 10, 11, 13, 14, 20})
    void aReceiverCutOffByItsEdgeLinkIsReportedFailedAloneAndEveryOtherReceiverCompletes(int seed) {
        Group group = group(seed);
        MulticastTree tree = tree(group);
        int arc = failedArc(tree, seed);
        int cutOff = network.head(arc);
        assertThat(group.receivers()).as("the failed arc ends at a receiver").contains(network.node(cutOff));

        RdcmReport report = session(failingAt5Ms(arc), tree, group).run(PACKETS);

        assertThat(report.receiverFailures()).singleElement()
                .satisfies(failure -> assertThat(failure.failed()).isEqualTo(cutOff));
        assertThat(report.linkFailures()).isEmpty();
        assertThat(report.receivers()).filteredOn(receiver -> receiver.self() != cutOff)
                .hasSize(11).allSatisfy(receiver -> assertThat(receiver.holdsAll(PACKETS)).isTrue());
        assertThat(report.treeVersion()).isEqualTo(2);
    }

    /**
     * An aggregation or core link fails (seed 5: under core switch {@code <0,00>}, seed 16: above
     * aggregation switch {@code <1,00>}): one link failure report, the tree is rebuilt around it, and
     * every receiver completes. The receivers whose overlay children changed forget what the old
     * children ACKed: before, a proxy of a branch the failure cut went on ACKing for it what the old
     * children (outside the cut) held, so nobody repaired the cut branch and the session went quiet.
     */
    @ParameterizedTest
    @ValueSource(ints = {5, 16})
    void aFailedLinkAboveTheEdgeIsRebuiltAroundAndEveryReceiverCompletes(int seed) {
        Group group = group(seed);
        MulticastTree tree = tree(group);
        int arc = failedArc(tree, seed);
        assertThat(network.node(network.head(arc)).isServer()).isFalse();

        RdcmReport report = session(failingAt5Ms(arc), tree, group).run(PACKETS);

        assertThat(report.complete()).isTrue();
        assertThat(report.finishNanos()).isPositive();
        assertThat(report.receiverFailures()).isEmpty();
        assertThat(report.linkFailures()).singleElement()
                .satisfies(failure -> assertThat(failure.failedLinks()).contains(Network.linkOf(arc)));
        assertThat(report.treeVersion()).isEqualTo(2);
    }

    /**
     * The source's only link fails (seed 17): its silent tree is reported, every link of the source is
     * then in the failed-link set and no tree can reach a receiver. The manager holds the sender
     * instead of letting it multicast every packet again each timeout until the limit.
     */
    @Test
    void aSourceCutOffFromEveryReceiverIsHeldAndReportedSo() {
        Group group = group(17);
        MulticastTree tree = tree(group);
        int arc = tree.outArcs(tree.source())[0];
        assertThat(network.outStart(tree.source() + 1) - network.outStart(tree.source())).isEqualTo(1);

        RdcmReport report = session(failingAt5Ms(arc), tree, group).run(PACKETS, 10_000 * MS);

        assertThat(report.sourceCutOffNanos()).isBetween(5 * MS, 20 * MS);
        assertThat(report.linkFailures()).singleElement().satisfies(failure -> {
            assertThat(failure.successor()).isEqualTo(-1);
            assertThat(failure.failedLinks()).containsExactly(Network.linkOf(arc));
        });
        assertThat(report.multicastRepairs()).as("the repeats before the report").isLessThan(2L * PACKETS);
        assertThat(report.endNanos()).as("quiet long before the limit").isLessThan(100 * MS);
        assertThat(report.receivers()).noneMatch(receiver -> receiver.holdsAll(PACKETS));
    }

    /**
     * The source's link comes back at 15 ms; re-activated 20 ms after the report, the held sender
     * multicasts again what nobody ACKed and every receiver completes.
     */
    @Test
    void aHeldSenderResumesWhenItsLinkIsReactivatedAndEveryReceiverCompletes() {
        Group group = group(17);
        MulticastTree tree = tree(group);
        int arc = tree.outArcs(tree.source())[0];
        Fabric fabric = failingAt5Ms(arc);
        fabric.clock().schedule(15 * MS, () -> fabric.setLinkUp(Network.linkOf(arc), true));

        RdcmSession session = session(fabric, tree, group).reactivateFailedLinksAfter(20 * MS);

        RdcmReport report = session.run(PACKETS, 10_000 * MS);

        assertThat(report.complete()).isTrue();
        assertThat(report.sourceCutOffNanos()).isEqualTo(-1);
        assertThat(report.reactivations()).isPositive();
    }

    private Group group(int seed) {
        List<Node> servers = network.servers();
        return Group.sample(servers.get(0), servers.subList(1, servers.size()), 12, new Random(seed));
    }

    private MulticastTree tree(Group group) {
        return MulticastTree.of(network,
                MultipleSteinerTrees.on(fattree).calculate(group, FailedLinks.none()).trees().get(0));
    }

    /** The tree arc the sweep of docs/rdcm.md fails for {@code seed}. */
    private static int failedArc(MulticastTree tree, int seed) {
        return tree.arcs()[new Random(seed).nextInt(tree.arcs().length)];
    }

    /** The fabric, seeded as the bench's first repeat, with {@code arc}'s link failing at 5 ms. */
    private Fabric failingAt5Ms(int arc) {
        Fabric fabric = new Fabric(network, new VirtualClock(), 1);
        fabric.clock().schedule(5 * MS, () -> fabric.setLinkUp(Network.linkOf(arc), false));
        return fabric;
    }

    /** The bench's session: random ties seeded as its first repeat, Steiner rebuilds, no re-activation. */
    private RdcmSession session(Fabric fabric, MulticastTree tree, Group group) {
        int[] receivers = group.receivers().stream().mapToInt(Node::index).toArray();
        BackupOverlay overlay = BackupOverlayBuild.build(tree, receivers,
                ProxyTieBreak.random(new SplittableRandom(1)));
        return new RdcmSession(fabric, tree, overlay, RdcmSettings.DEFAULT,
                TreeRebuild.steiner(MultipleSteinerTrees.on(fattree), network, tree.source()), new FailedLinkSet());
    }
}

package io.robber.datacast.rdcm;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.multicast.PaperExample;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Fattree;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BackupOverlayBuildTest {
    private final PaperExample example = new PaperExample();

    /** The paper's random choices on Fig. 7 (v9 in O_v8, v11 and v14 in O_w4, v2 and v8 in O_v0), as a ranking. */
    private ProxyTieBreak figure7Choices() {
        return RdcmReceiverTest.figure7Choices(example);
    }

    private int[] v(int... servers) {
        return IntStream.of(servers).map(example::v).toArray();
    }

    private OverlayRing ringAt(BackupOverlay overlay, int treeParent) {
        return overlay.rings().stream().filter(ring -> ring.treeParent() == treeParent).findFirst().orElseThrow();
    }

    @Test
    void figure7IsRebuiltExactly() {
        MulticastTree tree = example.figure6();
        BackupOverlay overlay = BackupOverlayBuild.build(tree, example.receivers(), figure7Choices());
        assertThat(OverlayVerifier.problems(tree, overlay)).isEmpty();
        assertThat(overlay.rings()).hasSize(7);
        record Expected(int treeParent, int level, int overlayParent, int[] members) {
        }
        List<Expected> expected = List.of(
                new Expected(example.w(2), 1, example.v(9), v(11, 10, 9)),
                new Expected(example.v(8), 2, example.v(11), v(9, 8)),
                new Expected(example.v(12), 2, example.v(14), v(14, 12)),
                new Expected(example.v(1), 2, example.v(1), v(5, 1)),
                new Expected(example.w(0), 3, example.v(2), v(2, 1)),
                new Expected(example.w(4), 3, example.v(8), v(14, 11)),
                new Expected(example.v(0), 4, example.v(0), v(8, 2)));
        for (Expected e : expected) {
            OverlayRing ring = ringAt(overlay, e.treeParent());
            assertThat(ring.members()).as(ring.toString()).containsExactly(e.members());
            assertThat(ring.level()).as(ring.toString()).isEqualTo(e.level());
            assertThat(ring.overlayParent()).as(ring.toString()).isEqualTo(e.overlayParent());
        }
    }

    @Test
    void figure7sLeafAndProxyRingsAcksAndRepairPathAreThePapers() {
        BackupOverlay overlay = BackupOverlayBuild.build(example.figure6(), example.receivers(), figure7Choices());
        assertThat(overlay.leafRing(example.v(9)).orElseThrow().treeParent()).isEqualTo(example.w(2));
        assertThat(overlay.proxyRing(example.v(9)).orElseThrow().treeParent()).isEqualTo(example.v(8));
        assertThat(overlay.leafRing(example.v(1)).orElseThrow().treeParent()).isEqualTo(example.v(1));
        assertThat(overlay.proxyRing(example.v(1)).orElseThrow().treeParent()).isEqualTo(example.w(0));
        assertThat(overlay.proxyRing(example.v(10))).isEmpty();
        OverlayRing leafOfV8 = overlay.leafRing(example.v(8)).orElseThrow();
        assertThat(leafOfV8.predecessor(example.v(8))).isEqualTo(example.v(9));
        assertThat(leafOfV8.overlayParent()).isEqualTo(example.v(11));
        OverlayRing proxyOfV8 = overlay.proxyRing(example.v(8)).orElseThrow();
        assertThat(proxyOfV8.predecessor(example.v(8))).isEqualTo(example.v(2));
        assertThat(proxyOfV8.overlayParent()).isEqualTo(example.v(0));
        assertThat(overlay.overlayChildren(example.v(8))).containsExactlyInAnyOrder(example.v(14), example.v(11));
        assertThat(overlay.overlayChildren(example.v(9))).containsExactlyInAnyOrder(example.v(9), example.v(10), example.v(11));
        // §3.3: a packet lost into w4 is repaired v2 → v8 → v9 → v11 → {v10, v14}, v14 → v12.
        assertThat(overlay.successors(example.v(2))).containsExactly(example.v(1), example.v(8));
        assertThat(overlay.successors(example.v(8))).containsExactly(example.v(9), example.v(2));
        assertThat(overlay.successors(example.v(9))).containsExactly(example.v(11), example.v(8));
        assertThat(overlay.successors(example.v(11))).containsExactly(example.v(10), example.v(14));
        assertThat(overlay.successors(example.v(14))).containsExactly(example.v(12), example.v(11));
        // §3.4: when w5→v5 fails, v1 repairs v5 (and reports the failure).
        assertThat(overlay.leafRing(example.v(5)).orElseThrow().predecessor(example.v(5))).isEqualTo(example.v(1));
    }

    @Test
    void theorem1HoldsOnRandomGroupsInBCube83() {
        theorem1OnRandomGroups(BCube.of(8, 3, LinkProfiles.DEFAULT), 8);
    }

    @Test
    void theorem1HoldsOnRandomGroupsInFattree83() {
        theorem1OnRandomGroups(Fattree.of(8, 3, LinkProfiles.DEFAULT), 8);
    }

    private void theorem1OnRandomGroups(Topology topology, int switchPorts) {
        Network network = topology.network();
        MultipleSteinerTrees trees = MultipleSteinerTrees.on(topology);
        Random random = new Random(12);
        int servers = network.servers().size();
        for (int g = 0; g < 40; g++) {
            int size = g < 5 ? 2 + g : 2 + random.nextInt(Math.min(servers, 400) - 1);
            Group group = randomGroup(network, size, random);
            MulticastTree tree = MulticastTree.of(network, trees.calculate(group, FailedLinks.none()).trees().get(0));
            int[] receivers = group.receivers().stream().mapToInt(Node::index).toArray();
            BackupOverlay overlay = BackupOverlayBuild.build(tree, receivers, ProxyTieBreak.random(new SplittableRandom(g)));
            assertThat(OverlayVerifier.problems(tree, overlay)).as(topology + ", group " + g + " of " + size).isEmpty();
            for (int r : receivers) {
                assertThat(overlay.successors(r)).as("repair burden of " + r + " in " + overlay.ringsOf(r)).hasSizeLessThanOrEqualTo(2);
                assertThat(overlay.ringsOf(r).size() + overlay.overlayChildren(r).size())
                        .as("ACK sources of " + network.node(r)).isLessThanOrEqualTo(switchPorts + 2);
            }
            assertThat(overlay.overlayChildren(tree.source())).as("ACK sources of the sender").hasSizeLessThanOrEqualTo(switchPorts);
        }
    }

    @Test
    void aGroupOfOneReceiverHasNoRingAndTwoReceiversShareOne() {
        MulticastTree one = new MulticastTree(example.network, example.v(0), new int[] {
            example.arc(example.v(0), example.w(0)), example.arc(example.w(0), example.v(1))});
        BackupOverlay alone = BackupOverlayBuild.build(one, v(1), ProxyTieBreak.lowestIndex());
        assertThat(alone.rings()).isEmpty();
        assertThat(OverlayVerifier.problems(one, alone)).isEmpty();
        MulticastTree two = new MulticastTree(example.network, example.v(0), new int[] {
            example.arc(example.v(0), example.w(0)), example.arc(example.w(0), example.v(1)),
            example.arc(example.w(0), example.v(2))});
        BackupOverlay pair = BackupOverlayBuild.build(two, v(1, 2), ProxyTieBreak.lowestIndex());
        assertThat(pair.rings()).singleElement().satisfies(ring -> {
            assertThat(ring.treeParent()).isEqualTo(example.w(0));
            assertThat(ring.overlayParent()).isEqualTo(example.v(0));
        });
    }

    @Test
    void theVerifierCatchesAnOverlayThatBreaksTheorem1() {
        MulticastTree tree = example.figure6();
        BackupOverlay good = BackupOverlayBuild.build(tree, example.receivers(), figure7Choices());
        List<OverlayRing> rings = new ArrayList<>();
        for (OverlayRing ring : good.rings()) {
            rings.add(ring.treeParent() == example.w(4)
                    ? new OverlayRing(ring.treeParent(), ring.level(), ring.overlayParent(), v(14, 9), new boolean[2])
                    : ring);
        }
        BackupOverlay bad = new BackupOverlay(tree.source(), example.receivers(), rings);
        assertThat(OverlayVerifier.problems(tree, bad))
                .anyMatch(problem -> problem.startsWith("Theorem 1: 21 is in 2 proxy overlay rings"))
                .anyMatch(problem -> problem.contains("overlay parent should be"));
    }

    private static Group randomGroup(Network network, int size, Random random) {
        List<Node> servers = new ArrayList<>(network.servers());
        Collections.shuffle(servers, random);
        return new Group(servers.get(0), servers.subList(1, size));
    }
}

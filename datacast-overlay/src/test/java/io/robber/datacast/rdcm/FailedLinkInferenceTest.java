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
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FailedLinkInferenceTest {
    private final PaperExample example = new PaperExample();

    @Test
    void v1sReportAboutV5InfersThePapersFailedLinkSet() {
        MulticastTree tree = example.figure6();
        BackupOverlay overlay = RdcmReceiverTest.figure7(example);
        int[] links = FailedLinkInference.infer(tree, overlay, example.v(1), example.v(5));
        Network network = example.network;
        assertThat(links).containsExactly(network.linkBetween(example.v(1), example.w(5)),
                network.linkBetween(example.w(5), example.v(5)));
    }

    @Test
    void onFigure7EveryTreeLinkFailureHasExactlyOneReporterWhoseInferenceContainsIt() {
        MulticastTree tree = example.figure6();
        BackupOverlay overlay = RdcmReceiverTest.figure7(example);
        everyFailureHasOneReporterAndNoFalseNegative(tree, overlay);
    }

    @Test
    void onRandomGroupsInBCube83AndFattree83TheInferenceHasNoFalseNegative() {
        for (Topology topology : List.of(BCube.of(8, 3, LinkProfiles.DEFAULT), Fattree.of(8, 3, LinkProfiles.DEFAULT))) {
            Network network = topology.network();
            Random random = new Random(5);
            for (int g = 0; g < 10; g++) {
                List<Node> servers = new ArrayList<>(network.servers());
                Collections.shuffle(servers, random);
                Group group = new Group(servers.get(0), servers.subList(1, 2 + random.nextInt(60)));
                MulticastTree tree = MulticastTree.of(network,
                        MultipleSteinerTrees.on(topology).calculate(group, FailedLinks.none()).trees().get(0));
                int[] receivers = group.receivers().stream().mapToInt(Node::index).toArray();
                everyFailureHasOneReporterAndNoFalseNegative(tree,
                        BackupOverlayBuild.build(tree, receivers, ProxyTieBreak.random(new SplittableRandom(g))));
            }
        }
    }

    /**
     * For each tree arc taken as failed: the receivers below it lose everything from the tree. A
     * receiver r1 that still gets the tree's packets reports when its successor r2 on a ring gets
     * everything from the overlay, i.e. every receiver of r2's branch of that ring is cut off. Unless
     * the failure cuts off the whole group (then the sender repairs), exactly one r1 reports, and the
     * inferred set holds the failed link.
     */
    private void everyFailureHasOneReporterAndNoFalseNegative(MulticastTree tree, BackupOverlay overlay) {
        Network network = tree.network();
        for (int arc : tree.arcs()) {
            Set<Integer> cutOff = below(tree, network.head(arc), overlay);
            if (cutOff.size() == overlay.receivers().length) {
                continue;
            }
            int reports = 0;
            for (OverlayRing ring : overlay.rings()) {
                for (int r1 : ring.members()) {
                    int r2 = ring.successor(r1);
                    if (!cutOff.contains(r1) && cutOff.containsAll(branchOf(tree, ring, r2, overlay))) {
                        reports++;
                        assertThat(FailedLinkInference.infer(tree, overlay, r1, r2)).contains(Network.linkOf(arc));
                    }
                }
            }
            assertThat(reports).as("reporters of " + network.describeArc(arc)).isEqualTo(1);
        }
    }

    /** The receivers of the ring's branch that {@code member} stands for. */
    private static Set<Integer> branchOf(MulticastTree tree, OverlayRing ring, int member, BackupOverlay overlay) {
        if (member == ring.treeParent()) {
            return Set.of(member);
        }
        int child = member;
        while (tree.network().tail(tree.parentArc(child)) != ring.treeParent()) {
            child = tree.network().tail(tree.parentArc(child));
        }
        return below(tree, child, overlay);
    }

    /** The receivers in the subtree of {@code node}, itself included. */
    private static Set<Integer> below(MulticastTree tree, int node, BackupOverlay overlay) {
        Set<Integer> receivers = new HashSet<>();
        for (int r : overlay.receivers()) {
            for (int v = r; v >= 0; v = tree.parentArc(v) < 0 ? -1 : tree.network().tail(tree.parentArc(v))) {
                if (v == node) {
                    receivers.add(r);
                    break;
                }
            }
        }
        return receivers;
    }
}

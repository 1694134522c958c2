package io.robber.datacast.rdcm;

import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.topology.Network;
import java.util.ArrayList;
import java.util.List;

/**
 * §3.4, the multicast manager's side of a link failure report: receiver r1 reports that its overlay
 * successor r2 gets every packet from the backup overlay. Assuming a single failure, the tree parent
 * i of their ring works, and the failed link lies on the tree from i down to the first branching
 * node on the way to r2, or r2 itself: that is the failed-link set, with zero false negatives (the
 * failed link is in it) and possibly false positives (the others). A forwarding receiver counts as
 * branching, as in the overlay.
 */
public final class FailedLinkInference {
    private FailedLinkInference() {
    }

    /** The failed-link set (link indices, from i downwards) for r1's report about its successor r2. */
    public static int[] infer(MulticastTree tree, BackupOverlay overlay, int reporter, int successor) {
        OverlayRing ring = overlay.ringsOf(reporter).stream().filter(o -> o.successor(reporter) == successor)
                .findFirst().orElseThrow(() -> new IllegalArgumentException(
                        "node " + successor + " is no overlay successor of node " + reporter));
        Network network = tree.network();
        List<Integer> path = new ArrayList<>();
        for (int v = successor; v != ring.treeParent(); v = network.tail(tree.parentArc(v))) {
            path.add(0, tree.parentArc(v));
        }
        boolean[] receiver = new boolean[network.nodeCount()];
        for (int r : overlay.receivers()) {
            receiver[r] = true;
        }
        List<Integer> links = new ArrayList<>();
        for (int arc : path) {
            links.add(Network.linkOf(arc));
            int node = network.head(arc);
            int branches = tree.outArcs(node).length + (receiver[node] && tree.outArcs(node).length > 0 ? 1 : 0);
            if (node == successor || branches > 1) {
                break;
            }
        }
        return links.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The failed-link set for the sender's silent tree: down from the sender while the tree does not
     * branch and reaches no receiver, every link to the first node that does (every link out of the
     * sender if it branches itself). Assuming a single failure that silenced every receiver, it is on
     * that path: zero false negatives.
     */
    public static int[] nearSource(MulticastTree tree, BackupOverlay overlay) {
        boolean[] receiver = new boolean[tree.network().nodeCount()];
        for (int r : overlay.receivers()) {
            receiver[r] = true;
        }
        List<Integer> links = new ArrayList<>();
        int[] out = tree.outArcs(tree.source());
        if (out.length != 1) {
            for (int arc : out) {
                links.add(Network.linkOf(arc));
            }
        } else {
            for (int arc = out[0]; ; ) {
                links.add(Network.linkOf(arc));
                int node = tree.network().head(arc);
                int[] next = tree.outArcs(node);
                if (receiver[node] || next.length != 1) {
                    break;
                }
                arc = next[0];
            }
        }
        return links.stream().mapToInt(Integer::intValue).toArray();
    }
}

package io.robber.datacast.rdcm;

import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.topology.Network;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a backup overlay against its tree from the tree alone, independently of how it was built:
 * one ring per branching node (a forwarding receiver counting itself as a child) and none elsewhere,
 * one member from each branch, only receivers as members, each ring's overlay parent the member of
 * the nearest ring above that stands for its branch (the sender at the top), and Theorem 1: every
 * receiver in exactly one leaf overlay ring (if the group has more than one receiver) and in at most
 * one proxy overlay ring.
 */
public final class OverlayVerifier {
    private final MulticastTree tree;
    private final Network network;
    private final Set<Integer> receivers = new HashSet<>();
    private final Map<Integer, OverlayRing> ringAt = new HashMap<>();
    private final List<String> problems = new ArrayList<>();

    private OverlayVerifier(MulticastTree tree, BackupOverlay overlay) {
        this.tree = tree;
        this.network = tree.network();
        for (int r : overlay.receivers()) {
            receivers.add(r);
        }
        for (OverlayRing ring : overlay.rings()) {
            if (ringAt.put(ring.treeParent(), ring) != null) {
                problems.add("two rings for tree node " + name(ring.treeParent()));
            }
        }
    }

    /** What is wrong with the overlay, one line each; empty if nothing is. */
    public static List<String> problems(MulticastTree tree, BackupOverlay overlay) {
        OverlayVerifier verifier = new OverlayVerifier(tree, overlay);
        verifier.check(tree.source(), tree.source());
        verifier.theorem1(overlay);
        return verifier.problems;
    }

    /** Checks the rings in {@code node}'s subtree, whose overlay parent should be {@code proxy}; returns D_node. */
    private Set<Integer> check(int node, int proxy) {
        List<Integer> branches = new ArrayList<>();
        for (int arc : tree.outArcs(node)) {
            branches.add(network.head(arc));
        }
        boolean forwardingReceiver = receivers.contains(node) && !branches.isEmpty();
        OverlayRing ring = ringAt.get(node);
        int branchCount = branches.size() + (forwardingReceiver ? 1 : 0);
        if (branchCount < 2 && ring != null) {
            problems.add("a ring for " + name(node) + ", which does not branch");
        } else if (branchCount >= 2 && ring == null) {
            problems.add("no ring for branching node " + name(node));
        } else if (ring != null && ring.overlayParent() != proxy) {
            problems.add(ring + ": overlay parent should be " + name(proxy));
        }
        Set<Integer> downstream = new HashSet<>();
        Set<Integer> represented = new HashSet<>();
        if (receivers.contains(node)) {
            downstream.add(node);
            if (ring != null) {
                checkMember(ring, Set.of(node), represented, node);
            }
        }
        for (int child : branches) {
            int childProxy = ring == null ? proxy : memberIn(ring, child);
            Set<Integer> below = check(child, childProxy);
            if (ring != null) {
                checkMember(ring, below, represented, child);
            }
            downstream.addAll(below);
        }
        if (ring != null && ring.size() != branchCount) {
            problems.add(ring + ": " + ring.size() + " members for " + branchCount + " branches");
        }
        return downstream;
    }

    /** The ring's member standing for the branch of {@code child}: the one downstream of it. */
    private int memberIn(OverlayRing ring, int child) {
        for (int member : ring.members()) {
            if (member != ring.treeParent() && isBelow(member, child)) {
                return member;
            }
        }
        return -1;
    }

    private boolean isBelow(int node, int ancestor) {
        for (int v = node; v >= 0; v = tree.parentArc(v) < 0 ? -1 : network.tail(tree.parentArc(v))) {
            if (v == ancestor) {
                return true;
            }
        }
        return false;
    }

    private void checkMember(OverlayRing ring, Set<Integer> branch, Set<Integer> represented, int branchRoot) {
        long members = java.util.Arrays.stream(ring.members()).filter(branch::contains).count();
        if (members != 1) {
            problems.add(ring + ": " + members + " members from the branch of " + name(branchRoot));
        }
        for (int member : ring.members()) {
            if (branch.contains(member) && !represented.add(member)) {
                problems.add(ring + ": " + name(member) + " stands for two branches");
            }
        }
    }

    private void theorem1(BackupOverlay overlay) {
        Map<Integer, Integer> leafRings = new HashMap<>();
        Map<Integer, Integer> proxyRings = new HashMap<>();
        for (OverlayRing ring : overlay.rings()) {
            for (int member : ring.members()) {
                if (!receivers.contains(member)) {
                    problems.add(ring + ": " + name(member) + " is no receiver");
                } else if (soleReceiverOfItsBranch(ring, member)) {
                    leafRings.merge(member, 1, Integer::sum);
                } else {
                    proxyRings.merge(member, 1, Integer::sum);
                }
            }
        }
        for (int r : receivers) {
            int leaf = leafRings.getOrDefault(r, 0);
            int proxy = proxyRings.getOrDefault(r, 0);
            if (receivers.size() > 1 && leaf != 1) {
                problems.add("Theorem 1: " + name(r) + " is in " + leaf + " leaf overlay rings");
            }
            if (proxy > 1) {
                problems.add("Theorem 1: " + name(r) + " is in " + proxy + " proxy overlay rings");
            }
        }
    }

    /** Whether {@code member} is the only receiver in the branch of the ring's tree parent it lies in. */
    private boolean soleReceiverOfItsBranch(OverlayRing ring, int member) {
        int parent = ring.treeParent();
        if (member == parent) {
            return true;
        }
        int child = member;
        while (network.tail(tree.parentArc(child)) != parent) {
            child = network.tail(tree.parentArc(child));
        }
        int count = 0;
        for (int r : receivers) {
            if (isBelow(r, child)) {
                count++;
            }
        }
        return count == 1;
    }

    private String name(int node) {
        return network.node(node).name();
    }
}

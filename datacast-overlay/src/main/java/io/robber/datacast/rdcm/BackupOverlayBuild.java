package io.robber.datacast.rdcm;

import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.topology.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fig. 8, BackupOverlayBuild: the backup overlay of a multicast tree, bottom-up. A node's rings are
 * built after its children's; a node with one child gets none; at a node i with several children,
 * each child j's overlay proxy p_j is the receiver downstream of j that has joined the fewest rings
 * so far (ties broken by a {@link ProxyTieBreak}), and the proxies form O_i. A server that is both a
 * receiver and a forwarder counts as a switch with a child receiver, itself (§3.2).
 *
 * <p>Overlay parents are set afterwards, top-down: O_i's is the proxy chosen for i's branch at the
 * nearest ring above i, or the sender if there is none.
 */
public final class BackupOverlayBuild {
    private final MulticastTree tree;
    private final Network network;
    private final boolean[] receiver;
    private final int[] joined;
    private final ProxyTieBreak tieBreak;
    private final List<Draft> drafts = new ArrayList<>();
    private final Map<Integer, Draft> draftAt = new HashMap<>();

    private BackupOverlayBuild(MulticastTree tree, int[] receivers, ProxyTieBreak tieBreak) {
        this.tree = tree;
        this.network = tree.network();
        this.receiver = new boolean[network.nodeCount()];
        this.joined = new int[network.nodeCount()];
        this.tieBreak = tieBreak;
        for (int r : receivers) {
            if (r == tree.source() || !tree.contains(r)) {
                throw new IllegalArgumentException("receiver " + network.node(r) + " is "
                        + (r == tree.source() ? "the sender" : "not on the tree"));
            }
            receiver[r] = true;
        }
    }

    /** The backup overlay of {@code tree} for these receivers (node indices, each on the tree). */
    public static BackupOverlay build(MulticastTree tree, int[] receivers, ProxyTieBreak tieBreak) {
        BackupOverlayBuild build = new BackupOverlayBuild(tree, receivers, tieBreak);
        build.overlayRingBuild(tree.source());
        build.assignOverlayParents(tree.source(), tree.source());
        List<OverlayRing> rings = build.drafts.stream().map(Draft::ring).toList();
        return new BackupOverlay(tree.source(), receivers, rings);
    }

    /** OverlayRingBuild(i): the rings in i's subtree; returns D_i, the receivers in it. */
    private int[] overlayRingBuild(int i) {
        int[] branches = branches(i);
        if (branches.length == 0) {
            return receiver[i] ? new int[] {i} : new int[0];
        }
        int[][] downstream = new int[branches.length][];
        for (int b = 0; b < branches.length; b++) {
            downstream[b] = branches[b] == i ? new int[] {i} : overlayRingBuild(branches[b]);
        }
        if (branches.length > 1) {
            int[] proxies = new int[branches.length];
            boolean[] leaf = new boolean[branches.length];
            for (int b = 0; b < branches.length; b++) {
                proxies[b] = fewestRings(downstream[b]);
                leaf[b] = downstream[b].length == 1;
                joined[proxies[b]]++;
            }
            Draft draft = new Draft(i, tree.depth() - tree.depthOf(i), proxies, leaf);
            drafts.add(draft);
            draftAt.put(i, draft);
        }
        return concat(downstream);
    }

    /** i's children in the tree, with i itself as one if it is a receiver that forwards; by descending index. */
    private int[] branches(int i) {
        int[] out = tree.outArcs(i);
        int[] children = new int[out.length + (receiver[i] && out.length > 0 ? 1 : 0)];
        for (int a = 0; a < out.length; a++) {
            children[a] = network.head(out[a]);
        }
        if (children.length > out.length) {
            children[out.length] = i;
        }
        Arrays.sort(children);
        for (int a = 0, z = children.length - 1; a < z; a++, z--) {
            int swap = children[a];
            children[a] = children[z];
            children[z] = swap;
        }
        return children;
    }

    private int fewestRings(int[] candidates) {
        int fewest = Integer.MAX_VALUE;
        for (int c : candidates) {
            fewest = Math.min(fewest, joined[c]);
        }
        int least = fewest;
        int[] tied = Arrays.stream(candidates).filter(c -> joined[c] == least).sorted().toArray();
        return tieBreak.choose(tied);
    }

    private void assignOverlayParents(int node, int proxy) {
        Draft draft = draftAt.get(node);
        int[] branches = branches(node);
        if (draft != null) {
            draft.overlayParent = proxy;
        }
        for (int b = 0; b < branches.length; b++) {
            if (branches[b] != node) {
                assignOverlayParents(branches[b], draft == null ? proxy : draft.proxies[b]);
            }
        }
    }

    private static int[] concat(int[][] parts) {
        return Arrays.stream(parts).flatMapToInt(Arrays::stream).toArray();
    }

    /** A ring while the build runs: its overlay parent is known only on the way down. */
    private static final class Draft {
        final int treeParent;
        final int level;
        final int[] proxies;
        final boolean[] leaf;
        int overlayParent = -1;

        Draft(int treeParent, int level, int[] proxies, boolean[] leaf) {
            this.treeParent = treeParent;
            this.level = level;
            this.proxies = proxies;
            this.leaf = leaf;
        }

        OverlayRing ring() {
            return new OverlayRing(treeParent, level, overlayParent, proxies, leaf);
        }
    }
}

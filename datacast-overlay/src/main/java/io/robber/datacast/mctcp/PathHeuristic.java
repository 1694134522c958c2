package io.robber.datacast.mctcp;

import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.topology.Network;
import java.util.Arrays;
import java.util.Optional;

/**
 * The multicast tree from the GSP by Takahashi and Matsuyama's minimum-cost path heuristic (MPH):
 * start from the source and, until every receiver is on the tree, join the receiver nearest to the
 * tree by its shortest path from the nearest tree node. MCTCP-W's widest MPH (WMPH) joins instead
 * the receiver whose path is the widest, the shortest among equally wide ones; a path's width is
 * taken from the source, i.e. the least of its own width and that of the tree path to where it
 * starts (a branch off a narrow part of the tree is no wider than that part). A path is cut at the
 * first node already on the tree, so every node is entered once.
 */
public final class PathHeuristic {
    private PathHeuristic() {
    }

    /** The tree from {@code source} to {@code receivers}, MPH or (with {@code widest}) WMPH; empty if one is unreachable. */
    public static Optional<MulticastTree> tree(GlobalShortestPaths gsp, int source, int[] receivers, boolean widest) {
        Network network = gsp.network();
        boolean[] onTree = new boolean[network.nodeCount()];
        onTree[source] = true;
        double[] treeWidth = new double[network.nodeCount()];
        treeWidth[source] = Double.POSITIVE_INFINITY;
        Candidates candidates = new Candidates(gsp, treeWidth, widest);
        int m = receivers.length;
        int[] from = new int[m];
        Arrays.fill(from, source);
        boolean[] joined = new boolean[m];
        int[] arcs = new int[network.nodeCount()];
        int arcCount = 0;
        int[] added = new int[network.nodeCount()];
        for (int round = 0; round < m; round++) {
            int best = -1;
            for (int r = 0; r < m; r++) {
                if (!joined[r] && (best < 0 || candidates.better(from[r], receivers[r], from[best], receivers[best]))) {
                    best = r;
                }
            }
            int target = receivers[best];
            if (gsp.distance(from[best], target) == Double.POSITIVE_INFINITY) {
                return Optional.empty();
            }
            joined[best] = true;
            int newNodes = 0;
            for (int v = target; !onTree[v]; v = network.tail(gsp.parentArc(from[best], v))) {
                arcs[arcCount++] = gsp.parentArc(from[best], v);
                onTree[v] = true;
                added[newNodes++] = v;
            }
            for (int i = 0; i < newNodes; i++) {
                treeWidth[added[i]] = Math.min(treeWidth[from[best]], gsp.width(from[best], added[i]));
            }
            for (int r = 0; r < m; r++) {
                if (!joined[r]) {
                    for (int i = 0; i < newNodes; i++) {
                        if (candidates.better(added[i], receivers[r], from[r], receivers[r])) {
                            from[r] = added[i];
                        }
                    }
                }
            }
        }
        return Optional.of(new MulticastTree(network, source, Arrays.copyOf(arcs, arcCount)));
    }

    /** Compares candidate paths: shorter (MPH), or wider from the source and then shorter (WMPH). */
    private record Candidates(GlobalShortestPaths gsp, double[] treeWidth, boolean widest) {
        /** Whether the path a→b, a on the tree, beats the path c→d, c on the tree. */
        boolean better(int a, int b, int c, int d) {
            if (widest) {
                double w1 = Math.min(treeWidth[a], gsp.width(a, b));
                double w2 = Math.min(treeWidth[c], gsp.width(c, d));
                if (w1 != w2) {
                    return w1 > w2;
                }
            }
            return gsp.distance(a, b) < gsp.distance(c, d);
        }
    }
}

package io.robber.datacast.steiner;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Checks a group's Steiner trees from their arcs alone, independently of how they were built: each
 * tree is rooted at the source, acyclic (every node entered once, every node's path leads back to the
 * source), spans the group, keeps no branch without a receiver and uses only live links; and no two
 * trees share an arc (the same link in the same direction, the paper's edge-disjointness).
 */
public final class TreeVerifier {
    private TreeVerifier() {
    }

    /** What is wrong with the trees, one line each; empty if nothing is. */
    public static List<String> problems(Network network, Group group, FailedLinks failed, List<SteinerTree> trees) {
        List<String> problems = new ArrayList<>();
        int[] owner = new int[network.arcCount()];
        Arrays.fill(owner, -1);
        for (int t = 0; t < trees.size(); t++) {
            SteinerTree tree = trees.get(t);
            String name = "tree " + (t + 1) + ": ";
            for (int arc : tree.arcs()) {
                if (owner[arc] >= 0) {
                    problems.add(name + "shares arc " + network.describeArc(arc) + " with tree " + (owner[arc] + 1));
                }
                owner[arc] = t;
                if (!failed.isLive(arc)) {
                    problems.add(name + "uses failed link " + network.link(Network.linkOf(arc)));
                }
            }
            checkTree(network, group, tree, name, problems);
        }
        return problems;
    }

    private static void checkTree(Network network, Group group, SteinerTree tree, String name, List<String> problems) {
        int source = group.source().index();
        if (tree.source() != source) {
            problems.add(name + "rooted at " + network.node(tree.source()) + ", not at the source " + group.source());
        }
        int[] parent = new int[network.nodeCount()];
        int[] children = new int[network.nodeCount()];
        Arrays.fill(parent, -1);
        for (int arc : tree.arcs()) {
            int head = network.head(arc);
            if (head == source) {
                problems.add(name + "arc " + network.describeArc(arc) + " enters the source");
            } else if (parent[head] >= 0) {
                problems.add(name + "enters " + network.node(head) + " twice");
            }
            parent[head] = network.tail(arc);
            children[network.tail(arc)]++;
        }
        boolean[] receiver = new boolean[network.nodeCount()];
        for (Node r : group.receivers()) {
            receiver[r.index()] = true;
            if (parent[r.index()] < 0) {
                problems.add(name + "does not reach receiver " + r);
            }
        }
        for (int arc : tree.arcs()) {
            int v = network.head(arc);
            if (!reachesSource(parent, v, source)) {
                problems.add(name + network.node(v) + " is not connected to the source (cycle or gap)");
            } else if (children[v] == 0 && !receiver[v]) {
                problems.add(name + "keeps a branch ending at " + network.node(v) + ", which is no receiver");
            }
        }
    }

    private static boolean reachesSource(int[] parent, int v, int source) {
        for (int steps = 0; steps < parent.length; steps++) {
            if (v == source) {
                return true;
            }
            if (v < 0) {
                return false;
            }
            v = parent[v];
        }
        return false;
    }
}

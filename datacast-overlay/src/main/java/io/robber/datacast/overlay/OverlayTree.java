package io.robber.datacast.overlay;

import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.Network;
import io.robber.engine.PeerGraph;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * One Steiner tree contracted to the members on it: a member's overlay parent is its nearest ancestor
 * on the tree that is a member; switches and servers without a member vanish. The tree's branching
 * points that remain are members, which relay and serve from their own copy of the data, as the
 * paper's switches do from their caches.
 */
public final class OverlayTree {
    private final int root;
    /** Per member, its member ancestors on the tree, nearest first and the root last; none for the root. */
    private final int[][] ancestors;

    private OverlayTree(int root, int[][] ancestors) {
        this.root = root;
        this.ancestors = ancestors;
    }

    /**
     * Contracts a Steiner tree, which reaches the server of every member, to those members.
     *
     * @param serverOf each member's server (a node index of {@code network}); the root's is the tree's source
     */
    public static OverlayTree contract(Network network, SteinerTree tree, int[] serverOf) {
        return contract(network, tree.source(), tree.arcs(), tree.depth(), serverOf);
    }

    /** Contracts a multicast tree, which reaches the server of every member, to those members. */
    public static OverlayTree contract(MulticastTree tree, int[] serverOf) {
        return contract(tree.network(), tree.source(), tree.arcs(), tree.depth(), serverOf);
    }

    private static OverlayTree contract(Network network, int source, int[] arcs, int depth, int[] serverOf) {
        int[] parentNode = new int[network.nodeCount()];
        Arrays.fill(parentNode, -1);
        for (int arc : arcs) {
            parentNode[network.head(arc)] = network.tail(arc);
        }
        int[] memberAt = new int[network.nodeCount()];
        Arrays.fill(memberAt, -1);
        for (int m = 0; m < serverOf.length; m++) {
            memberAt[serverOf[m]] = m;
        }
        int root = memberAt[source];
        if (root < 0) {
            throw new IllegalArgumentException("the tree's source " + network.node(source).name()
                    + " is not a member's server");
        }
        int[][] ancestors = new int[serverOf.length][];
        for (int m = 0; m < serverOf.length; m++) {
            if (m == root) {
                ancestors[m] = new int[0];
                continue;
            }
            int[] chain = new int[depth];
            int count = 0;
            int v = serverOf[m];
            while (v != source) {
                v = parentNode[v];
                if (v < 0) {
                    throw new IllegalArgumentException("the tree does not reach " + network.node(serverOf[m]).name()
                            + ", the server of member " + m);
                }
                if (memberAt[v] >= 0) {
                    chain[count++] = memberAt[v];
                }
            }
            ancestors[m] = Arrays.copyOf(chain, count);
        }
        return new OverlayTree(root, ancestors);
    }

    /** The member at the tree's source. */
    public int root() {
        return root;
    }

    /** The member's overlay parent, or -1 for the root. */
    public int parent(int member) {
        return member == root ? -1 : ancestors[member][0];
    }

    /** The member's ancestors on the tree that are members, nearest first and the root last. */
    public int[] ancestors(int member) {
        return ancestors[member].clone();
    }

    /** Whether {@code member} is below {@code ancestor} on the tree. */
    public boolean isBelow(int member, int ancestor) {
        for (int a : ancestors[member]) {
            if (a == ancestor) {
                return true;
            }
        }
        return false;
    }

    /**
     * Connects each member to its {@code nearest} nearest ancestors in {@code graph}: its parent, and
     * those it re-parents to when the ones below them die.
     */
    public void connectAncestors(PeerGraph.Builder graph, int nearest) {
        for (int m = 0; m < ancestors.length; m++) {
            for (int i = 0; i < Math.min(nearest, ancestors[m].length); i++) {
                graph.connect(m, ancestors[m][i]);
            }
        }
    }

    /** The members whose overlay parent is {@code member}, ascending. */
    public int[] children(int member) {
        return IntStream.range(0, ancestors.length).filter(m -> parent(m) == member).toArray();
    }
}

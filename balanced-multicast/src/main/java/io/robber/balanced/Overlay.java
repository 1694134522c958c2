package io.robber.balanced;

import io.robber.api.Group;
import io.robber.planning.Bound;
import io.robber.engine.PeerGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The node-level overlay of Balanced Multicasting: how each cluster-level tree of a
 * {@link ClusterTrees} plan runs over the members.
 *
 * <p>Every tree's data is divided into {@value #STRANDS} strands. In each cluster a strand has a
 * <em>gateway</em>, the member that receives it from the parent cluster (in the root's cluster, the
 * root), and an <em>exit</em>, the member that sends it on to the child clusters' gateways. Strands
 * are apportioned to members in proportion to their reported wide-area NIC rates (in for gateways,
 * out for exits), so that no NIC carries more than it reports when the cluster as a whole carries
 * its planned rate: the planner counts a cluster's NICs together, and this spreads the load back
 * over them. Both apportionments hand out strands in rank order, so a strand's exit in one cluster
 * and its gateway in the next are equally placed and each member talks to only one or two members
 * of each neighbouring cluster. Inside a cluster a strand fans out from its gateway over a binary
 * tree of the members in rank order starting after the gateway (the local network as a tree too).
 *
 * <p>Everything here follows from the group and the plan, so every node computes the same overlay.
 */
final class Overlay {
    /** Strands per tree: the resolution of the division among NICs (a member's share is within 1/STRANDS). */
    static final int STRANDS = 1024;
    private static final int FAN_OUT = 2;

    private final Group group;
    private final int root;
    private final List<Bound.Tree> trees;
    /** [cluster][strand] the member that receives the strand into the cluster. */
    private final int[][] gateway;
    /** [cluster][strand] the member that sends the strand on to the child clusters. */
    private final int[][] exit;
    private final PeerGraph graph;

    Overlay(Group group, int root, ClusterTrees plan) {
        this.group = group;
        this.root = root;
        this.trees = plan.trees();
        int clusters = group.clusters().size();
        gateway = new int[clusters][];
        exit = new int[clusters][];
        for (int c = 0; c < clusters; c++) {
            List<Integer> members = group.collective(group.clusters().get(c));
            gateway[c] = apportion(members, plan.nicIn());
            exit[c] = apportion(members, plan.nicOut());
        }
        Arrays.fill(gateway[group.clusterIndex(root)], root);
        graph = links();
    }

    int treeCount() {
        return trees.size();
    }

    /** Bytes per second planned for {@code tree}; +∞ when nothing limits it. */
    double rate(int tree) {
        return trees.get(tree).rate();
    }

    int root() {
        return root;
    }

    /** The members {@code self} sends a piece of {@code strand} of {@code tree} to once it holds it. */
    List<Integer> targets(int self, int tree, int strand) {
        int c = group.clusterIndex(self);
        List<Integer> targets = new ArrayList<>(FAN_OUT + 2);
        int first = gateway[c][strand];
        int size = group.collectiveOf(self).size();
        int position = fanOutPosition(self, first);
        for (int k = 1; k <= FAN_OUT; k++) {
            int child = FAN_OUT * position + k;
            if (child < size) {
                targets.add(fanOutMember(first, child));
            }
        }
        if (exit[c][strand] == self) {
            int[] parents = trees.get(tree).parents();
            for (int d = 0; d < parents.length; d++) {
                if (parents[d] == c) {
                    targets.add(gateway[d][strand]);
                }
            }
        }
        return targets;
    }

    /** The member that sends {@code self} the pieces of {@code strand} of {@code tree}; −1 for the root. */
    int upstream(int self, int tree, int strand) {
        if (self == root) {
            return -1;
        }
        int c = group.clusterIndex(self);
        if (gateway[c][strand] == self) {
            return exit[trees.get(tree).parent(c)][strand];
        }
        int first = gateway[c][strand];
        return fanOutMember(first, (fanOutPosition(self, first) - 1) / FAN_OUT);
    }

    /** Every link some strand of some tree uses. */
    PeerGraph graph() {
        return graph;
    }

    private PeerGraph links() {
        PeerGraph.Builder graph = new PeerGraph.Builder(group.size());
        for (int t = 0; t < trees.size(); t++) {
            for (int s = 0; s < STRANDS; s++) {
                for (int m = 0; m < group.size(); m++) {
                    for (int target : targets(m, t, s)) {
                        graph.connect(m, target);
                    }
                }
            }
        }
        return graph.build();
    }

    /**
     * Where {@code member} sits in its cluster's fan-out tree from {@code first}: a binary heap over
     * the members in rank order starting at {@code first} and going round the cluster.
     */
    private int fanOutPosition(int member, int first) {
        int size = group.collectiveOf(member).size();
        return Math.floorMod(group.rank(member) - group.rank(first), size);
    }

    /** The member at {@code position} of the fan-out tree from {@code first}. */
    private int fanOutMember(int first, int position) {
        List<Integer> members = group.collectiveOf(first);
        return members.get((group.rank(first) + position) % members.size());
    }

    /**
     * Strand → member, each member getting a run of consecutive strands in rank order whose length
     * is proportional to its rate (largest remainders). An unlimited NIC counts as the cluster's
     * fastest limited one, or all alike when none is limited.
     */
    static int[] apportion(List<Integer> members, double[] rates) {
        double fastest = members.stream().mapToDouble(m -> rates[m]).filter(Double::isFinite).max().orElse(1);
        double[] weights = members.stream().mapToDouble(m -> Double.isFinite(rates[m]) ? rates[m] : fastest).toArray();
        double total = Arrays.stream(weights).sum();
        int[] counts = new int[weights.length];
        double[] remainders = new double[weights.length];
        int given = 0;
        for (int i = 0; i < weights.length; i++) {
            double exact = STRANDS * weights[i] / total;
            counts[i] = (int) Math.floor(exact);
            remainders[i] = exact - counts[i];
            given += counts[i];
        }
        while (given < STRANDS) {
            int best = 0;
            for (int i = 1; i < remainders.length; i++) {
                if (remainders[i] > remainders[best]) {
                    best = i;
                }
            }
            counts[best]++;
            remainders[best] = -1;
            given++;
        }
        int[] owner = new int[STRANDS];
        int s = 0;
        for (int i = 0; i < counts.length; i++) {
            for (int k = 0; k < counts[i]; k++) {
                owner[s++] = members.get(i);
            }
        }
        return owner;
    }
}

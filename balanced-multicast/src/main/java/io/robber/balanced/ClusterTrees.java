package io.robber.balanced;

import io.robber.api.Group;
import io.robber.planning.Bound;
import io.robber.planning.TreePackingBound;
import io.robber.planning.Capacities;
import java.util.ArrayList;
import java.util.List;

/**
 * Balanced Multicasting's plan between clusters (§2.4): multicast trees over the clusters, rooted at
 * the root's cluster, with a rate per tree, that together maximise the throughput without
 * oversubscribing any capacity the monitoring data reports (NICs, access links, cluster pairs). The
 * trees come from the tree-packing program that also gives the emulation its theoretical maximum
 * ({@link TreePackingBound}); BM's own heuristic (the paper's [7]) only approximates that optimum.
 *
 * @param trees   the trees with their rates, over the group's cluster indices
 * @param rate    the planned throughput, the sum of the trees' rates (+∞ when nothing is limited)
 * @param nicIn   [member] the wide-area NIC rate into each member, as reported
 * @param nicOut  [member] the wide-area NIC rate out of each member, as reported
 */
record ClusterTrees(List<Bound.Tree> trees, double rate, double[] nicIn, double[] nicOut) {

    /**
     * Plans the trees for multicasting from {@code root} over the group, from monitoring data that
     * names every cluster of the group with its number of members.
     *
     * @throws IllegalArgumentException when the monitoring data does not describe the group
     */
    static ClusterTrees plan(Group group, int root, Capacities monitoring) {
        List<String> clusters = group.clusters();
        int rootCluster = group.clusterIndex(root);
        // the planner roots its trees at cluster 0: put the root's cluster first
        List<Integer> order = new ArrayList<>();
        order.add(rootCluster);
        for (int c = 0; c < clusters.size(); c++) {
            if (c != rootCluster) {
                order.add(c);
            }
        }
        int[] source = new int[clusters.size()];
        for (int i = 0; i < order.size(); i++) {
            String name = clusters.get(order.get(i));
            int s = monitoring.clusters().indexOf(name);
            if (s < 0) {
                throw new IllegalArgumentException("the monitoring data has no cluster " + name + " (it knows "
                        + monitoring.clusters() + ")");
            }
            int members = group.collective(name).size();
            if (monitoring.nodes(s) != members) {
                throw new IllegalArgumentException("the monitoring data gives cluster " + name + " "
                        + monitoring.nodes(s) + " nodes, the group has " + members);
            }
            source[i] = s;
        }
        Bound bound = TreePackingBound.of(reorder(monitoring, source));
        List<Bound.Tree> trees = new ArrayList<>();
        for (Bound.Tree tree : bound.trees()) {
            int[] parents = new int[clusters.size()];
            for (int i = 0; i < order.size(); i++) {
                int p = tree.parent(i);
                parents[order.get(i)] = p < 0 ? -1 : order.get(p);
            }
            trees.add(new Bound.Tree(parents, tree.rate()));
        }
        double[] nicIn = new double[group.size()];
        double[] nicOut = new double[group.size()];
        for (int m = 0; m < group.size(); m++) {
            int s = monitoring.clusters().indexOf(group.member(m).cluster());
            nicIn[m] = monitoring.nodeIn()[s][group.rank(m)];
            nicOut[m] = monitoring.nodeOut()[s][group.rank(m)];
        }
        return new ClusterTrees(List.copyOf(trees), bound.rate(), nicIn, nicOut);
    }

    /** The capacities of clusters {@code source[0]}, {@code source[1]}, … in that order. */
    private static Capacities reorder(Capacities caps, int[] source) {
        int n = source.length;
        List<String> names = new ArrayList<>();
        double[][] nodeIn = new double[n][];
        double[][] nodeOut = new double[n][];
        double[] accessIn = new double[n];
        double[] accessOut = new double[n];
        double[][] bandwidth = new double[n][n];
        long[][] delay = new long[n][n];
        for (int i = 0; i < n; i++) {
            int s = source[i];
            names.add(caps.clusters().get(s));
            nodeIn[i] = caps.nodeIn()[s].clone();
            nodeOut[i] = caps.nodeOut()[s].clone();
            accessIn[i] = caps.accessIn()[s];
            accessOut[i] = caps.accessOut()[s];
            for (int j = 0; j < n; j++) {
                bandwidth[i][j] = caps.bandwidth()[s][source[j]];
                delay[i][j] = caps.delay()[s][source[j]];
            }
        }
        return new Capacities(names, nodeIn, nodeOut, accessIn, accessOut, bandwidth, delay);
    }
}

package io.robber.cli.trees;

import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.steiner.SteinerTreeSet;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Topology;
import java.util.Arrays;
import java.util.List;

/**
 * What {@code robber trees} reports, in text and as {@code --json}.
 *
 * @param bound the §6.1.2 upper bound on the number of trees
 * @param connected whether every receiver is connected to the source over live links
 * @param millis the median wall-clock time of one computation of the trees, ms
 * @param cpuMillis the median CPU time of this thread during one computation, ms
 */
record TreesReport(String topology, int servers, int switches, int links, int failedLinks, long seed,
                   String source, int receivers, boolean connected, int bound, int repaired, int dropped,
                   boolean verified, double millis, double cpuMillis, int repeat, List<Tree> trees) {

    /**
     * One Steiner tree.
     *
     * @param depth the most links between the source and a receiver
     * @param branchingNodes the nodes forwarding on more than one arc
     * @param arcs the arcs as [from, to] node names, from the source outwards
     */
    record Tree(int links, int depth, int branchingNodes, List<List<String>> arcs) {
    }

    static TreesReport of(Topology topology, Group group, FailedLinks failed, long seed, SteinerTreeSet set,
                          int bound, boolean connected, boolean verified, double millis, double cpuMillis,
                          int repeat) {
        Network network = topology.network();
        List<Tree> trees = set.trees().stream().map(tree -> tree(network, tree)).toList();
        return new TreesReport(topology.spec(), network.servers().size(), network.nodeCount() - network.servers().size(),
                network.linkCount(), failed.count(), seed, group.source().name(), group.receivers().size(), connected,
                bound, set.repaired(), set.dropped(), verified, millis, cpuMillis, repeat, trees);
    }

    private static Tree tree(Network network, SteinerTree tree) {
        List<List<String>> arcs = Arrays.stream(tree.arcs())
                .mapToObj(arc -> List.of(network.node(network.tail(arc)).name(), network.node(network.head(arc)).name()))
                .toList();
        return new Tree(tree.linkCount(), tree.depth(), tree.branchingNodes(network).length, arcs);
    }
}

package io.robber.datacast.steiner;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The multiple edge-disjoint Steiner trees algorithm of §4.1 (Fig. 3, CalcSteinerTrees): construct
 * the topology's spanning trees from the source, prune each to the group, then repair the trees that
 * failed links broke, one by one ({@link TreeRepair}): release the broken tree and rebuild it by
 * breadth-first search over the free, live arcs; drop it if the receivers cannot all be reached. A
 * tree is kept whenever
 * the receivers are connected to the source: the last broken tree is rebuilt with every arc of the
 * dropped ones free. O(k|V|) + O(|E|) + O(k'|E|) for k' broken trees.
 *
 * <p>Trees are disjoint in arcs: a full-duplex link may carry one tree one way and another tree the
 * other way, as the paper's trees do (BCube(n,k) has k+1 of them, Torus(n,k) 2k).
 */
public final class MultipleSteinerTrees {
    private final Network network;
    private final SpanningTreeConstruction construction;

    public MultipleSteinerTrees(Network network, SpanningTreeConstruction construction) {
        this.network = network;
        this.construction = construction;
    }

    /** The algorithm with the topology's own spanning-tree construction. */
    public static MultipleSteinerTrees on(Topology topology) {
        return new MultipleSteinerTrees(topology.network(), SpanningTreeConstruction.of(topology));
    }

    public SteinerTreeSet calculate(Group group, FailedLinks failed) {
        Pruning pruning = new Pruning(network, group);
        FreeArcs free = new FreeArcs(network, failed);
        List<Optional<SteinerTree>> pruned = new ArrayList<>();
        for (SpanningTree spanning : construction.spanningTrees(group.source().index())) {
            Optional<SteinerTree> tree = pruning.prune(spanning);
            tree.ifPresent(free::take);
            pruned.add(tree);
        }
        List<Optional<SteinerTree>> repaired = new TreeRepair(network).repair(group, pruning, free, failed, pruned);
        List<SteinerTree> trees = repaired.stream().flatMap(Optional::stream).toList();
        long broken = pruned.stream().filter(tree -> tree.isEmpty() || tree.get().isBroken(failed)).count();
        return new SteinerTreeSet(trees, (int) broken, pruned.size() - trees.size());
    }

    /** Whether every receiver is connected to the source over live links (else no tree can exist). */
    public boolean connected(Group group, FailedLinks failed) {
        return BreadthFirstTree.connected(network, group, failed);
    }
}

package io.robber.datacast.steiner;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * §4.1.3, Steiner trees repairing: each tree the failed links broke is released, then rebuilt by
 * breadth-first search over the arcs that are live and free of the other trees, or dropped, one by
 * one in order. {@link MultipleSteinerTrees} repairs the pruned spanning trees with it; a fabric
 * manager repairs the trees of a transfer under way when a link fails, and, when failed links come
 * back up, {@linkplain #extend grows} new trees beside those in use by the same search.
 */
public final class TreeRepair {
    private final Network network;

    public TreeRepair(Network network) {
        this.network = network;
    }

    /**
     * The group's trees in use, repaired for {@code failed}.
     *
     * @param trees the group's current trees, edge-disjoint
     * @return one entry per tree, in order: the tree itself if unbroken, its rebuilt replacement, or
     *     empty if it was dropped
     */
    public List<Optional<SteinerTree>> repair(Group group, List<SteinerTree> trees, FailedLinks failed) {
        FreeArcs free = new FreeArcs(network, failed);
        trees.forEach(free::take);
        return repair(group, new Pruning(network, group), free, failed, trees.stream().map(Optional::of).toList());
    }

    /** Repairs {@code trees} (empty: a spanning tree that could not be pruned), their arcs taken in {@code free}. */
    List<Optional<SteinerTree>> repair(Group group, Pruning pruning, FreeArcs free, FailedLinks failed,
            List<Optional<SteinerTree>> trees) {
        BreadthFirstTree search = null;
        List<Optional<SteinerTree>> result = new ArrayList<>();
        for (Optional<SteinerTree> tree : trees) {
            if (tree.isPresent() && !tree.get().isBroken(failed)) {
                result.add(tree);
                continue;
            }
            tree.ifPresent(free::release);
            if (search == null) {
                search = new BreadthFirstTree(network, group, pruning);
            }
            Optional<SteinerTree> rebuilt = search.grow(free);
            rebuilt.ifPresent(free::take);
            result.add(rebuilt);
        }
        return result;
    }

    /**
     * New trees for the group beside {@code trees}, grown by breadth-first search over the arcs live
     * under {@code failed} and free of every tree, one after the other until the search cannot reach
     * every receiver: after failed links came back up, the trees a repair dropped (or that could not
     * be built at the start) come back. The trees in use are kept as they are, so a transfer under
     * way loses nothing; a tree is never added while the receivers cannot all be reached.
     *
     * @param trees the group's trees in use, edge-disjoint and live under {@code failed}
     * @return the new trees, edge-disjoint from {@code trees} and from each other; empty if none fits
     */
    public List<SteinerTree> extend(Group group, List<SteinerTree> trees, FailedLinks failed) {
        FreeArcs free = new FreeArcs(network, failed);
        trees.forEach(free::take);
        BreadthFirstTree search = new BreadthFirstTree(network, group, new Pruning(network, group));
        List<SteinerTree> added = new ArrayList<>();
        for (Optional<SteinerTree> grown = search.grow(free); grown.isPresent(); grown = search.grow(free)) {
            free.take(grown.get());
            added.add(grown.get());
        }
        return added;
    }

    /** The receivers no live path connects to the source (while there is one, no tree can exist). */
    public List<Node> unreachable(Group group, FailedLinks failed) {
        boolean[] reached = new boolean[network.nodeCount()];
        int[] queue = new int[network.nodeCount()];
        int tail = 0;
        queue[tail++] = group.source().index();
        reached[group.source().index()] = true;
        for (int head = 0; head < tail; head++) {
            int v = queue[head];
            for (int i = network.outStart(v), end = network.outStart(v + 1); i < end; i++) {
                int w = network.outHead(i);
                if (!reached[w] && failed.isLive(network.outArc(i))) {
                    reached[w] = true;
                    queue[tail++] = w;
                }
            }
        }
        return group.receivers().stream().filter(receiver -> !reached[receiver.index()]).toList();
    }
}

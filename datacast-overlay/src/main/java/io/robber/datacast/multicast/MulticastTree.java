package io.robber.datacast.multicast;

import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A group's multicast tree as the controller installs it: its source and arcs, and at each node of
 * the tree the arcs it replicates a packet onto. The arcs are those of a {@link SteinerTree} (one
 * tree from the source to the receivers); each enters a different node, none enters the source.
 */
public final class MulticastTree {
    private static final int[] NONE = new int[0];
    private final Network network;
    private final int source;
    private final int[] arcs;
    private final Map<Integer, int[]> outArcs = new HashMap<>();
    private final Map<Integer, Integer> parentArc = new HashMap<>();
    private final int depth;

    public MulticastTree(Network network, int source, int[] arcs) {
        this.network = network;
        this.source = source;
        this.arcs = arcs.clone();
        for (int arc : this.arcs) {
            int head = network.head(arc);
            if (head == source || parentArc.put(head, arc) != null) {
                throw new IllegalArgumentException("arc " + network.describeArc(arc) + " enters "
                        + network.node(head) + ", which the tree already reaches");
            }
        }
        Map<Integer, int[]> out = new HashMap<>();
        for (int arc : this.arcs) {
            int[] before = out.getOrDefault(network.tail(arc), NONE);
            int[] after = Arrays.copyOf(before, before.length + 1);
            after[before.length] = arc;
            out.put(network.tail(arc), after);
        }
        outArcs.putAll(out);
        int deepest = 0;
        for (int node : parentArc.keySet()) {
            deepest = Math.max(deepest, depthOf(node));
        }
        this.depth = deepest;
    }

    /** The multicast tree on a Steiner tree's arcs. */
    public static MulticastTree of(Network network, SteinerTree tree) {
        return new MulticastTree(network, tree.source(), tree.arcs());
    }

    public Network network() {
        return network;
    }

    public int source() {
        return source;
    }

    /** The tree's arcs, a copy. */
    public int[] arcs() {
        return arcs.clone();
    }

    /** Whether {@code other} has the same source and the same arcs, in any order. */
    public boolean sameArcs(MulticastTree other) {
        return source == other.source && parentArc.equals(other.parentArc);
    }

    /** Whether {@code node} is on the tree (the source or the head of one of its arcs). */
    public boolean contains(int node) {
        return node == source || parentArc.containsKey(node);
    }

    /** The arcs {@code node} replicates a packet onto (none at a leaf or off the tree), shared: do not change. */
    public int[] outArcs(int node) {
        return outArcs.getOrDefault(node, NONE);
    }

    /** The arc entering {@code node}, or −1 at the source and off the tree. */
    public int parentArc(int node) {
        return parentArc.getOrDefault(node, -1);
    }

    /** The nodes of the tree, the source first. */
    public int[] nodes() {
        int[] nodes = new int[arcs.length + 1];
        nodes[0] = source;
        for (int i = 0; i < arcs.length; i++) {
            nodes[i + 1] = network.head(arcs[i]);
        }
        return nodes;
    }

    /** The number of links between the source and {@code node}, which must be on the tree. */
    public int depthOf(int node) {
        int hops = 0;
        for (int v = node; v != source; v = network.tail(parentArc.get(v))) {
            hops++;
        }
        return hops;
    }

    /**
     * The tree without the arcs that lead to none of {@code receivers} (§3.4: a receiver leaves or
     * fails, and the tree is reformed for the rest).
     */
    public MulticastTree prunedTo(int[] receivers) {
        BitSet keep = new BitSet();
        for (int receiver : receivers) {
            keep.set(receiver);
        }
        List<Integer> kept = new ArrayList<>();
        keep(source, keep, kept);
        return new MulticastTree(network, source, kept.stream().mapToInt(Integer::intValue).toArray());
    }

    /** Adds the arcs below {@code node} that lead to a kept node; whether any does or {@code node} is one. */
    private boolean keep(int node, BitSet keep, List<Integer> kept) {
        boolean any = keep.get(node);
        for (int arc : outArcs(node)) {
            int mark = kept.size();
            kept.add(arc);
            if (keep(network.head(arc), keep, kept)) {
                any = true;
            } else {
                kept.subList(mark, kept.size()).clear();
            }
        }
        return any;
    }

    /** The largest depth of a node. */
    public int depth() {
        return depth;
    }
}

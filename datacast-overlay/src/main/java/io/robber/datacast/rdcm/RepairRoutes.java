package io.robber.datacast.rdcm;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.topology.Network;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Source routes for RDCM's unicast ACKs and repairs (§3.1): a shortest path between two nodes over
 * the links that are up and, among the shortest, one crossing the fewest arcs of the multicast tree,
 * so a repair does not compete with the tree's data where the topology offers a way around. Computed
 * once per pair, again when a link of it has gone down (unicast routing reacts to failures, as
 * BCube's source routing does by probing).
 */
final class RepairRoutes {
    private final Fabric fabric;
    private final Network network;
    private final boolean[] onTree;
    private final Map<Long, int[]> routes = new HashMap<>();
    private final int[] hops;
    private final int[] treeArcs;
    private final int[] viaArc;
    private final int[] queue;

    RepairRoutes(Fabric fabric, MulticastTree tree) {
        this.fabric = fabric;
        this.network = tree.network();
        this.onTree = new boolean[network.arcCount()];
        for (int arc : tree.arcs()) {
            onTree[arc] = true;
        }
        this.hops = new int[network.nodeCount()];
        this.treeArcs = new int[network.nodeCount()];
        this.viaArc = new int[network.nodeCount()];
        this.queue = new int[network.nodeCount()];
    }

    /** The arcs from {@code from} to {@code to}, or null while failed links cut {@code to} off. */
    int[] between(int from, int to) {
        long key = ((long) from << 32) | to;
        int[] route = routes.get(key);
        if (route == null || !isUp(route)) {
            route = search(from, to);
            if (route == null) {
                routes.remove(key);
                return null;
            }
            routes.put(key, route);
        }
        return route;
    }

    private boolean isUp(int[] route) {
        for (int arc : route) {
            if (!fabric.port(arc).isUp()) {
                return false;
            }
        }
        return true;
    }

    /** Breadth-first by hops; a node's tree-arc count is final once its whole previous layer is done. */
    private int[] search(int from, int to) {
        Arrays.fill(hops, -1);
        int head = 0;
        int tail = 0;
        queue[tail++] = from;
        hops[from] = 0;
        treeArcs[from] = 0;
        while (head < tail) {
            int v = queue[head++];
            if (v == to) {
                break;
            }
            for (int i = network.outStart(v), end = network.outStart(v + 1); i < end; i++) {
                int w = network.outHead(i);
                int arc = network.outArc(i);
                if (!fabric.port(arc).isUp()) {
                    continue;
                }
                int cost = treeArcs[v] + (onTree[arc] ? 1 : 0);
                if (hops[w] < 0) {
                    hops[w] = hops[v] + 1;
                    treeArcs[w] = cost;
                    viaArc[w] = arc;
                    queue[tail++] = w;
                } else if (hops[w] == hops[v] + 1 && cost < treeArcs[w]) {
                    treeArcs[w] = cost;
                    viaArc[w] = arc;
                }
            }
        }
        if (hops[to] < 0) {
            return null;
        }
        int[] route = new int[hops[to]];
        for (int v = to, i = route.length - 1; v != from; v = network.tail(viaArc[v]), i--) {
            route[i] = viaArc[v];
        }
        return route;
    }
}

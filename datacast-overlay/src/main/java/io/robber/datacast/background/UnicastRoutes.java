package io.robber.datacast.background;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.topology.Network;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Distance-based unicast routing (what MCTCP's controller does for non-MCTCP traffic, §4.1): a
 * shortest path by hops over the links that are up, one of the equal ones picked hop by hop by a
 * hash, as ECMP spreads flows: the pair's ({@link #between}, computed once per pair; every route is
 * dropped when a link goes down or up, so the next request routes around a failure) or the pair's and
 * a flow's ({@link #forFlow}, as switches hash a flow's 5-tuple).
 */
public final class UnicastRoutes {
    private final Fabric fabric;
    private final Network network;
    private final Map<Long, int[]> routes = new HashMap<>();
    private final int[] hops;
    private final int[] queue;

    public UnicastRoutes(Fabric fabric) {
        this.fabric = fabric;
        this.network = fabric.network();
        this.hops = new int[network.nodeCount()];
        this.queue = new int[network.nodeCount()];
        fabric.onLinkChange((link, up) -> routes.clear());
    }

    /** The arcs of a route from {@code from} to {@code to}; empty if there is none. */
    public int[] between(int from, int to) {
        return routes.computeIfAbsent(((long) from << 32) | to, key -> route(from, to)).clone();
    }

    /** The arcs of flow {@code flow}'s route from {@code from} to {@code to}, picked by a hash that includes the flow. */
    public int[] forFlow(int from, int to, long flow) {
        return route(from, to, mix(mix(((long) from << 32) ^ to) ^ flow));
    }

    private int[] route(int from, int to) {
        return route(from, to, mix(((long) from << 32) ^ to));
    }

    private int[] route(int from, int to, long hash) {
        hopsTo(to);
        if (hops[from] < 0) {
            return new int[0];
        }
        int[] route = new int[hops[from]];
        int v = from;
        for (int i = 0; i < route.length; i++) {
            int choices = 0;
            for (int j = network.outStart(v); j < network.outStart(v + 1); j++) {
                if (usable(network.outArc(j)) && hops[network.outHead(j)] == hops[v] - 1) {
                    choices++;
                }
            }
            int pick = (int) Math.floorMod(hash >>> (3 * i), (long) choices);
            for (int j = network.outStart(v); j < network.outStart(v + 1); j++) {
                if (usable(network.outArc(j)) && hops[network.outHead(j)] == hops[v] - 1 && pick-- == 0) {
                    route[i] = network.outArc(j);
                    v = network.outHead(j);
                    break;
                }
            }
        }
        return route;
    }

    /** Breadth-first from {@code to} backwards over the arcs that are up: every node's hops to it. */
    private void hopsTo(int to) {
        Arrays.fill(hops, -1);
        hops[to] = 0;
        int head = 0;
        int tail = 0;
        queue[tail++] = to;
        while (head < tail) {
            int v = queue[head++];
            for (int j = network.outStart(v); j < network.outStart(v + 1); j++) {
                int u = network.outHead(j);
                if (hops[u] < 0 && usable(Network.reverse(network.outArc(j)))) {
                    hops[u] = hops[v] + 1;
                    queue[tail++] = u;
                }
            }
        }
    }

    private boolean usable(int arc) {
        return fabric.port(arc).isUp();
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }
}

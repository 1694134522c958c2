package io.robber.datacast.steiner;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;

/**
 * §6.1.2: the upper bound on the number of edge-disjoint Steiner trees of a group, the smallest of
 * the source's out-degree and the receivers' in-degrees, counting live links only. Each tree leaves
 * the source on its own arc and enters each receiver on its own arc, so no set of trees exceeds it.
 */
public final class TreeBound {
    private TreeBound() {
    }

    public static int of(Network network, Group group, FailedLinks failed) {
        int bound = liveDegree(network, group.source(), failed);
        for (Node receiver : group.receivers()) {
            bound = Math.min(bound, liveDegree(network, receiver, failed));
        }
        return bound;
    }

    private static int liveDegree(Network network, Node node, FailedLinks failed) {
        int live = 0;
        for (int i = network.outStart(node.index()); i < network.outStart(node.index() + 1); i++) {
            if (failed.isLive(network.outArc(i))) {
                live++;
            }
        }
        return live;
    }
}

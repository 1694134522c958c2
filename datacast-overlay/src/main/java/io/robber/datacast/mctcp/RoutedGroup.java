package io.robber.datacast.mctcp;

import io.robber.datacast.multicast.MulticastTree;

/**
 * A multicast group as the routing manager sees it: its id, source and receivers, its current tree
 * and its transmission rate over the last interval (B_g, bit/s).
 */
public final class RoutedGroup {
    private final int id;
    private final int source;
    private final int[] receivers;
    private MulticastTree tree;
    private double rate;

    public RoutedGroup(int id, int source, int[] receivers, MulticastTree tree) {
        this.id = id;
        this.source = source;
        this.receivers = receivers.clone();
        this.tree = tree;
    }

    public int id() {
        return id;
    }

    public int source() {
        return source;
    }

    public int[] receivers() {
        return receivers.clone();
    }

    public MulticastTree tree() {
        return tree;
    }

    void tree(MulticastTree next) {
        this.tree = next;
    }

    public double rate() {
        return rate;
    }

    public void rate(double bitsPerSecond) {
        this.rate = bitsPerSecond;
    }
}

package io.robber.datacast.mctcp;

import io.robber.datacast.topology.Network;
import java.util.Arrays;

/**
 * The group manager's view of the links, per arc: its capacity, its weight (Eq. (1), corrected as
 * groups move, Algorithm 1) and whether it is up. An arc that is down is left out of every path.
 * The available bandwidth of an arc is what its weight leaves of its capacity, {@code B·max(0, 1 − w)}.
 */
public final class LinkLoads {
    private final Network network;
    private final double[] capacity;
    private final double[] weight;
    private final boolean[] up;

    public LinkLoads(Network network) {
        this.network = network;
        int arcs = network.arcCount();
        this.capacity = new double[arcs];
        this.weight = new double[arcs];
        this.up = new boolean[arcs];
        Arrays.fill(up, true);
        for (int arc = 0; arc < arcs; arc++) {
            capacity[arc] = network.link(Network.linkOf(arc)).profile().capacityBitsPerSecond();
        }
    }

    public Network network() {
        return network;
    }

    public double capacity(int arc) {
        return capacity[arc];
    }

    public double weight(int arc) {
        return weight[arc];
    }

    public void setWeight(int arc, double w) {
        weight[arc] = w;
    }

    /** Adds {@code delta} to the weight of every arc given (Algorithm 1's correction as a group moves). */
    public void addWeight(int[] arcs, double delta) {
        for (int arc : arcs) {
            weight[arc] += delta;
        }
    }

    /** Sets both arcs of {@code link} up or down. */
    public void setLinkUp(int link, boolean isUp) {
        up[2 * link] = isUp;
        up[2 * link + 1] = isUp;
    }

    public boolean isUp(int arc) {
        return up[arc];
    }

    /** The bandwidth the arc's weight leaves free, bit/s. */
    public double available(int arc) {
        return capacity[arc] * Math.max(0, 1 - weight[arc]);
    }

    /** Whether a tree's arcs include one that is down. */
    public boolean anyDown(int[] arcs) {
        for (int arc : arcs) {
            if (!up[arc]) {
                return true;
            }
        }
        return false;
    }

    /** The least available bandwidth over {@code arcs}: a tree's width. */
    public double width(int[] arcs) {
        double width = Double.POSITIVE_INFINITY;
        for (int arc : arcs) {
            width = Math.min(width, available(arc));
        }
        return width;
    }

    /** The sum of the weights of {@code arcs}: a tree's cost C. */
    public double cost(int[] arcs) {
        double cost = 0;
        for (int arc : arcs) {
            cost += weight[arc];
        }
        return cost;
    }
}

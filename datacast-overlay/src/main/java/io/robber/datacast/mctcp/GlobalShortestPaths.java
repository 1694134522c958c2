package io.robber.datacast.mctcp;

import io.robber.datacast.topology.Network;
import java.util.Arrays;

/**
 * MCTCP's GSP (§3.2.3): the shortest paths between every pair of nodes, by Dijkstra from each node,
 * computed once per adjustment cycle from the {@link LinkLoads}. An arc costs its weight plus
 * {@link #HOP} (so that among idle links the path with the fewest hops wins; the paper leaves the
 * ties open); with shortest widest paths, an arc with less than B_a bits/s free has its weight multiplied by ten. Arcs that are down are left out. Besides the
 * distance, each path's width (its least available bandwidth) is kept for the widest-path heuristic.
 * A node's paths are computed when first asked for, from the weights as they were when the GSP was
 * made (the paper's on-demand option for few groups); {@link #computeAll} computes the full GSP.
 */
public final class GlobalShortestPaths {
    /** The cost of a hop on top of its weight: ties between equally loaded paths go to the shorter. */
    public static final double HOP = 1e-3;
    private static final double NARROW_FACTOR = 10;
    private final Network network;
    private final double[] cost;
    private final double[] available;
    private final Dijkstra dijkstra;
    private final double[][] distance;
    private final int[][] parentArc;
    private final float[][] width;

    private GlobalShortestPaths(Network network, double[] cost, double[] available) {
        this.network = network;
        this.cost = cost;
        this.available = available;
        this.dijkstra = new Dijkstra(network);
        int n = network.nodeCount();
        this.distance = new double[n][];
        this.parentArc = new int[n][];
        this.width = new float[n][];
    }

    /** Computes every node's paths now (otherwise a node's are computed when first asked for). */
    public GlobalShortestPaths computeAll() {
        for (int source = 0; source < distance.length; source++) {
            row(source);
        }
        return this;
    }

    private int row(int source) {
        if (distance[source] == null) {
            int n = distance.length;
            distance[source] = new double[n];
            parentArc[source] = new int[n];
            width[source] = new float[n];
            dijkstra.run(source, cost, available, distance[source], parentArc[source], width[source]);
        }
        return source;
    }

    /**
     * The GSP for {@code routing} over the links as {@code loads} has them; with shortest widest paths
     * B_a = max(η·B, the mean rate of the active groups) = max({@code eta}·capacity, {@code meanGroupRate}).
     */
    public static GlobalShortestPaths of(LinkLoads loads, Routing routing, double eta, double meanGroupRate) {
        Network network = loads.network();
        double[] cost = new double[network.arcCount()];
        double[] available = new double[network.arcCount()];
        for (int arc = 0; arc < cost.length; arc++) {
            available[arc] = loads.available(arc);
            double weight = loads.weight(arc);
            double minimumAvailable = Math.max(eta * loads.capacity(arc), meanGroupRate);
            if (routing == Routing.SHORTEST_WIDEST_PATH && available[arc] < minimumAvailable) {
                weight *= NARROW_FACTOR;
            }
            cost[arc] = loads.isUp(arc) ? weight + HOP : Double.POSITIVE_INFINITY;
        }
        return new GlobalShortestPaths(network, cost, available);
    }

    public Network network() {
        return network;
    }

    /** The cost of the shortest path from {@code from} to {@code to} (infinite if there is none). */
    public double distance(int from, int to) {
        return distance[row(from)][to];
    }

    /** The least available bandwidth on that path, bit/s. */
    public double width(int from, int to) {
        return width[row(from)][to];
    }

    /** The last arc of the shortest path from {@code from} to {@code to}, −1 at {@code from} or with no path. */
    public int parentArc(int from, int to) {
        return parentArc[row(from)][to];
    }

    /** Dijkstra's algorithm with a binary heap of nodes, its arrays reused from one source to the next. */
    private static final class Dijkstra {
        private final Network network;
        private final int[] heap;
        private final int[] position;
        private double[] key;
        private int size;

        Dijkstra(Network network) {
            this.network = network;
            this.heap = new int[network.nodeCount()];
            this.position = new int[network.nodeCount()];
        }

        void run(int source, double[] cost, double[] available, double[] dist, int[] parent, float[] width) {
            Arrays.fill(dist, Double.POSITIVE_INFINITY);
            Arrays.fill(parent, -1);
            Arrays.fill(position, -1);
            key = dist;
            size = 0;
            dist[source] = 0;
            width[source] = Float.POSITIVE_INFINITY;
            push(source);
            while (size > 0) {
                int u = pop();
                for (int i = network.outStart(u); i < network.outStart(u + 1); i++) {
                    int arc = network.outArc(i);
                    double d = dist[u] + cost[arc];
                    int v = network.outHead(i);
                    if (d < dist[v]) {
                        dist[v] = d;
                        parent[v] = arc;
                        width[v] = (float) Math.min(width[u], available[arc]);
                        if (position[v] < 0) {
                            push(v);
                        } else {
                            up(position[v]);
                        }
                    }
                }
            }
        }

        private void push(int v) {
            heap[size] = v;
            position[v] = size;
            up(size++);
        }

        private int pop() {
            int top = heap[0];
            position[top] = -2;
            heap[0] = heap[--size];
            if (size > 0) {
                position[heap[0]] = 0;
                down(0);
            }
            return top;
        }

        private void up(int i) {
            int v = heap[i];
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (key[heap[parent]] <= key[v]) {
                    break;
                }
                heap[i] = heap[parent];
                position[heap[i]] = i;
                i = parent;
            }
            heap[i] = v;
            position[v] = i;
        }

        private void down(int i) {
            int v = heap[i];
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && key[heap[child + 1]] < key[heap[child]]) {
                    child++;
                }
                if (key[heap[child]] >= key[v]) {
                    break;
                }
                heap[i] = heap[child];
                position[heap[i]] = i;
                i = child;
            }
            heap[i] = v;
            position[v] = i;
        }
    }
}

package io.robber.planning;

import org.jgrapht.Graph;
import org.jgrapht.alg.flow.PushRelabelMFImpl;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;

/**
 * An upper bound on multicast throughput from cuts: no cluster can receive faster than the maximum
 * flow from the root cluster to it. Each cluster c is three vertices, gateway-in → c → gateway-out,
 * whose edges carry clusterIn(c) and clusterOut(c); gateway-out(c) → gateway-in(d) carries the pair
 * bandwidth. The bound is the minimum over destination clusters of maxflow(root cluster → d).
 *
 * <p>It is never below {@link TreePackingBound}: the paths from the root to d in a tree packing form
 * such a flow. It can be above: a flow may use a cluster's out capacity for one destination at a
 * time, while a multicast tree that forwards to two children uses it twice.
 */
public final class MinCutBound {
    private static final int ROOT = 0;

    private MinCutBound() {
    }

    /** The bound in bytes per second; +∞ if some destination is reached through unlimited links only. */
    public static double of(Capacities capacities) {
        int n = capacities.clusterCount();
        // +∞ becomes a capacity above the sum of all finite ones: a flow reaches it only on an unlimited path
        double unlimited = 1;
        for (int c = 0; c < n; c++) {
            unlimited += finite(capacities.clusterIn(c)) + finite(capacities.clusterOut(c));
            for (int d = 0; d < n; d++) {
                unlimited += c == d ? 0 : finite(capacities.bandwidth()[c][d]);
            }
        }
        Graph<Integer, DefaultWeightedEdge> graph = new SimpleDirectedWeightedGraph<>(DefaultWeightedEdge.class);
        for (int v = 0; v < 3 * n; v++) {
            graph.addVertex(v);
        }
        for (int c = 0; c < n; c++) {
            edge(graph, gatewayIn(c, n), c, capacities.clusterIn(c), unlimited);
            edge(graph, c, gatewayOut(c, n), capacities.clusterOut(c), unlimited);
            for (int d = 0; d < n; d++) {
                if (c != d) {
                    edge(graph, gatewayOut(c, n), gatewayIn(d, n), capacities.bandwidth()[c][d], unlimited);
                }
            }
        }
        PushRelabelMFImpl<Integer, DefaultWeightedEdge> maxFlow = new PushRelabelMFImpl<>(graph);
        double bound = Double.POSITIVE_INFINITY;
        for (int d = 0; d < n; d++) {
            if (d != ROOT) {
                bound = Math.min(bound, maxFlow.getMaximumFlowValue(ROOT, d));
            }
        }
        return bound >= unlimited ? Double.POSITIVE_INFINITY : bound;
    }

    private static int gatewayIn(int cluster, int n) {
        return n + cluster;
    }

    private static int gatewayOut(int cluster, int n) {
        return 2 * n + cluster;
    }

    private static double finite(double capacity) {
        return Double.isFinite(capacity) ? capacity : 0;
    }

    private static void edge(Graph<Integer, DefaultWeightedEdge> graph, int from, int to, double capacity,
                             double unlimited) {
        graph.setEdgeWeight(graph.addEdge(from, to), Double.isFinite(capacity) ? capacity : unlimited);
    }
}

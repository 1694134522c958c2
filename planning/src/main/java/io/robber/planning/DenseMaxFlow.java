package io.robber.planning;

import java.util.Arrays;

/** Maximum flows over a dense capacity matrix, for the bounds' graphs of a few hundred vertices. */
final class DenseMaxFlow {
    private DenseMaxFlow() {
    }

    /**
     * The maximum flow from {@code source} to {@code sink} over a dense capacity matrix (Dinic: a
     * breadth-first level graph, then blocking flows by depth-first search), stopping once it reaches
     * {@code enough}. Flows below 10<sup>−12</sup> of the total capacity count as zero.
     */
    static double of(double[][] capacity, int source, int sink, double enough) {
        int n = capacity.length;
        double[][] residual = new double[n][];
        double total = 0;
        for (int v = 0; v < n; v++) {
            residual[v] = capacity[v].clone();
            for (double c : capacity[v]) {
                total += c;
            }
        }
        double epsilon = total * 1e-12;
        int[] level = new int[n];
        int[] next = new int[n];
        int[] queue = new int[n];
        double flow = 0;
        while (flow < enough) {
            Arrays.fill(level, -1);
            level[source] = 0;
            int head = 0;
            int tail = 0;
            queue[tail++] = source;
            while (head < tail) {
                int v = queue[head++];
                for (int w = 0; w < n; w++) {
                    if (level[w] < 0 && residual[v][w] > epsilon) {
                        level[w] = level[v] + 1;
                        queue[tail++] = w;
                    }
                }
            }
            if (level[sink] < 0) {
                break;
            }
            Arrays.fill(next, 0);
            double pushed;
            while ((pushed = push(residual, level, next, source, sink, Double.POSITIVE_INFINITY, epsilon)) > 0) {
                flow += pushed;
            }
        }
        return flow;
    }

    private static double push(double[][] residual, int[] level, int[] next, int v, int sink, double limit,
                               double epsilon) {
        if (v == sink) {
            return limit;
        }
        int n = residual.length;
        for (; next[v] < n; next[v]++) {
            int w = next[v];
            if (level[w] == level[v] + 1 && residual[v][w] > epsilon) {
                double pushed = push(residual, level, next, w, sink, Math.min(limit, residual[v][w]), epsilon);
                if (pushed > 0) {
                    residual[v][w] -= pushed;
                    residual[w][v] += pushed;
                    return pushed;
                }
            }
        }
        return 0;
    }
}

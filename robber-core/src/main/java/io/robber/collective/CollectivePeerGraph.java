package io.robber.collective;

import io.robber.api.Group;
import io.robber.api.ProtocolException;
import io.robber.engine.PeerGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.SimpleGraph;

/**
 * Phases 1 and 2 of Robber (§3.1): the local peers of every node and its global peers, generated in
 * memory identically on every node from the group and a seed, and regenerated until the local graph
 * of every collective (Lemma 1) and the collective-level global graph (Lemma 2) are connected.
 * Then every pair of clusters that no global edge joins gets one ({@link #joinEveryPair}), a
 * departure from §3.1: a cluster takes in pieces over every one of its wide-area links, and the
 * random choice leaves a few percent of the pairs apart when clusters are small.
 */
public final class CollectivePeerGraph {
    static final int MAX_ATTEMPTS = 1000;

    private CollectivePeerGraph() {
    }

    public static PeerGraph generate(Group group, int peers, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        PeerGraph.Builder builder = new PeerGraph.Builder(group.size());
        for (String cluster : group.clusters()) {
            List<int[]> edges = connectedLocalGraph(group.collective(cluster), peers, random, cluster);
            edges.forEach(e -> builder.connect(e[0], e[1]));
        }
        connectedGlobalGraph(group, peers, random).forEach(e -> builder.connect(e[0], e[1]));
        return builder.build();
    }

    private static List<int[]> connectedLocalGraph(List<Integer> collective, int peers, SplittableRandom random,
                                                   String cluster) {
        int chosen = Math.min(collective.size() - 1, peers);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            List<int[]> edges = new ArrayList<>();
            for (int member : collective) {
                List<Integer> others = new ArrayList<>(collective);
                others.remove(Integer.valueOf(member));
                for (int peer : PeerGraph.randomPeers(others, chosen, random)) {
                    edges.add(new int[] {member, peer});
                }
            }
            if (isConnected(collective, edges, m -> m)) {
                return edges;
            }
        }
        throw new ProtocolException("could not build a connected local peer graph for cluster " + cluster
                + " with " + peers + " peers per node: use at least 3 peers (N >= 3)");
    }

    private static List<int[]> connectedGlobalGraph(Group group, int peers, SplittableRandom random) {
        List<Integer> clusters = new ArrayList<>();
        for (int c = 0; c < group.clusters().size(); c++) {
            clusters.add(c);
        }
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            List<int[]> edges = new ArrayList<>();
            for (int x = 0; x < group.size(); x++) {
                List<Integer> potential = potentialGlobalPeers(group, x, random);
                for (int y : PeerGraph.randomPeers(potential, peers, random)) {
                    edges.add(new int[] {x, y});
                }
            }
            if (isConnected(clusters, edges, group::clusterIndex)) {
                joinEveryPair(group, edges, peers);
                return edges;
            }
        }
        throw new ProtocolException("could not build a connected global peer graph over " + clusters.size()
                + " clusters with " + peers + " global peers per node: raise the number of peers");
    }

    /**
     * Joins every pair of clusters that the random choice of global peers left apart, by one edge
     * between a member of the smaller cluster and a candidate of it in the larger by the rank rule of
     * {@link #potentialGlobalPeers}: of all such pairs, the one whose members chose or were chosen the
     * fewest times so far (two members that chose each other count it twice). A member takes at most
     * {@code peers} such edges, so that a group of many small clusters is not joined into a clique.
     */
    private static void joinEveryPair(Group group, List<int[]> edges, int peers) {
        int clusterCount = group.clusters().size();
        boolean[][] joined = new boolean[clusterCount][clusterCount];
        int[] degree = new int[group.size()];
        for (int[] e : edges) {
            joined[group.clusterIndex(e[0])][group.clusterIndex(e[1])] = true;
            joined[group.clusterIndex(e[1])][group.clusterIndex(e[0])] = true;
            degree[e[0]]++;
            degree[e[1]]++;
        }
        int[] added = new int[group.size()];
        IntPredicate open = m -> added[m] < peers;
        for (int a = 0; a < clusterCount; a++) {
            for (int b = a + 1; b < clusterCount; b++) {
                if (joined[a][b]) {
                    continue;
                }
                List<Integer> ca = group.collective(group.clusters().get(a));
                List<Integer> cb = group.collective(group.clusters().get(b));
                boolean aSmaller = ca.size() <= cb.size();
                int[] pair = leastConnectedPair(group, aSmaller ? ca : cb, aSmaller ? cb : ca, degree, open);
                if (pair == null) {
                    continue;
                }
                edges.add(pair);
                for (int m : pair) {
                    degree[m]++;
                    added[m]++;
                }
            }
        }
    }

    /**
     * The member of {@code small} and its candidate in {@code large} that {@code open} lets through
     * with the lowest {@code degree} between them; null if there is none.
     */
    private static int[] leastConnectedPair(Group group, List<Integer> small, List<Integer> large, int[] degree,
                                            IntPredicate open) {
        int[] best = null;
        for (int x : small) {
            if (!open.test(x)) {
                continue;
            }
            int[] range = candidateRanks(group.rank(x), small.size(), large.size());
            for (int y : large.subList(range[0], range[1])) {
                if (open.test(y) && (best == null || degree[x] + degree[y] < degree[best[0]] + degree[best[1]])) {
                    best = new int[] {x, y};
                }
            }
        }
        return best;
    }

    /**
     * G_x: for every other collective C_y, one node chosen at random among those whose rank lies in
     * [⌈r(x)·|C_y|/|C_x|⌉, ⌈(r(x)+1)·|C_y|/|C_x|⌉) — none when that range is empty.
     */
    static List<Integer> potentialGlobalPeers(Group group, int x, SplittableRandom random) {
        List<Integer> potential = new ArrayList<>();
        int sizeX = group.collectiveOf(x).size();
        int rankX = group.rank(x);
        for (String cluster : group.clusters()) {
            List<Integer> other = group.collective(cluster);
            if (group.sameCluster(x, other.get(0))) {
                continue;
            }
            int[] range = candidateRanks(rankX, sizeX, other.size());
            if (range[1] > range[0]) {
                potential.add(other.get(range[0] + random.nextInt(range[1] - range[0])));
            }
        }
        return potential;
    }

    /**
     * The ranks [from, to) in a collective of {@code otherSize} among which a member of rank
     * {@code rank} in a collective of {@code size} picks.
     */
    private static int[] candidateRanks(int rank, int size, int otherSize) {
        int from = (int) ceilDiv((long) rank * otherSize, size);
        int to = (int) ceilDiv((long) (rank + 1) * otherSize, size);
        return new int[] {from, to};
    }

    static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    private static boolean isConnected(List<Integer> vertices, List<int[]> edges,
                                       java.util.function.IntUnaryOperator vertexOf) {
        Graph<Integer, DefaultEdge> graph = new SimpleGraph<>(DefaultEdge.class);
        vertices.forEach(graph::addVertex);
        for (int[] e : edges) {
            int a = vertexOf.applyAsInt(e[0]);
            int b = vertexOf.applyAsInt(e[1]);
            if (a != b) {
                graph.addEdge(a, b);
            }
        }
        return new ConnectivityInspector<>(graph).isConnected();
    }
}

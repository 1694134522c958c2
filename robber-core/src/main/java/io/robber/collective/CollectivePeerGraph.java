package io.robber.collective;

import io.robber.api.Group;
import io.robber.api.ProtocolException;
import io.robber.engine.PeerGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.SimpleGraph;

/**
 * Phases 1 and 2 of Robber (§3.1): the local peers of every node and its global peers, generated in
 * memory identically on every node from the group and a seed, and regenerated until the local graph
 * of every collective (Lemma 1) and the collective-level global graph (Lemma 2) are connected.
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
                return edges;
            }
        }
        throw new ProtocolException("could not build a connected global peer graph over " + clusters.size()
                + " clusters with " + peers + " global peers per node: raise the number of peers");
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
            int from = (int) ceilDiv((long) rankX * other.size(), sizeX);
            int to = (int) ceilDiv((long) (rankX + 1) * other.size(), sizeX);
            if (to > from) {
                potential.add(other.get(from + random.nextInt(to - from)));
            }
        }
        return potential;
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

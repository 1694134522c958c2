package io.robber.bittorrent;

import io.robber.engine.PeerGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.SimpleGraph;

/** What both overlays share: every node's own selection, made undirected and connected. */
final class Meshes {
    private Meshes() {
    }

    /** How a node chooses its peers; every choice is drawn from the one seeded generator. */
    @FunctionalInterface
    interface Selection {
        List<Integer> peersOf(int member, SplittableRandom random);
    }

    /**
     * The graph on members 0..n-1 in which each member is connected to the peers it selects and to
     * those that select it (accepted connections count), made connected ({@link #connect}).
     */
    static PeerGraph generate(int n, long seed, Selection selection) {
        SplittableRandom random = new SplittableRandom(seed);
        PeerGraph.Builder builder = new PeerGraph.Builder(n);
        List<int[]> edges = new ArrayList<>();
        for (int x = 0; x < n; x++) {
            for (int y : selection.peersOf(x, random)) {
                edges.add(new int[] {x, y});
            }
        }
        edges.forEach(e -> builder.connect(e[0], e[1]));
        connect(n, edges, random).forEach(e -> builder.connect(e[0], e[1]));
        return builder.build();
    }

    /**
     * The edges to add so that the graph on members 0..n-1 with {@code edges} is connected: one from a
     * random member of each further component to a random member of the first. A random N-out graph
     * is connected with high probability but not always (e.g. two clusters of mutual choices), and a
     * swarm with two components never completes.
     */
    static List<int[]> connect(int n, List<int[]> edges, SplittableRandom random) {
        Graph<Integer, DefaultEdge> graph = new SimpleGraph<>(DefaultEdge.class);
        for (int v = 0; v < n; v++) {
            graph.addVertex(v);
        }
        edges.forEach(e -> graph.addEdge(e[0], e[1]));
        List<Set<Integer>> components = new ConnectivityInspector<>(graph).connectedSets();
        components.sort((a, b) -> Integer.compare(min(a), min(b)));
        List<int[]> added = new ArrayList<>();
        if (components.isEmpty()) {
            return added;
        }
        List<Integer> first = new ArrayList<>(components.get(0));
        first.sort(null);
        for (Set<Integer> component : components.subList(1, components.size())) {
            List<Integer> members = new ArrayList<>(component);
            members.sort(null);
            added.add(new int[] {members.get(random.nextInt(members.size())), first.get(random.nextInt(first.size()))});
        }
        return added;
    }

    private static int min(Set<Integer> set) {
        return set.stream().mapToInt(Integer::intValue).min().orElseThrow();
    }
}

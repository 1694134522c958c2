package io.robber.bittorrent;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.SimpleGraph;

/** What both overlays share: random samples and making a random graph connected. */
final class Meshes {
    private Meshes() {
    }

    /** {@code count} distinct elements of {@code from} at random (all of them if it has no more); keeps their order of choice. */
    static List<Integer> sample(List<Integer> from, int count, SplittableRandom random) {
        List<Integer> pool = new ArrayList<>(from);
        int take = Math.min(count, pool.size());
        for (int i = 0; i < take; i++) {
            int j = i + random.nextInt(pool.size() - i);
            Integer swap = pool.get(i);
            pool.set(i, pool.get(j));
            pool.set(j, swap);
        }
        return pool.subList(0, take);
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

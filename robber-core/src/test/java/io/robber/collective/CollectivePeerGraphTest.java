package io.robber.collective;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.Member;
import io.robber.engine.PeerGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.SimpleGraph;
import org.junit.jupiter.api.Test;

class CollectivePeerGraphTest {

    @Test
    void sameGroupAndSeedGiveTheSameGraph() {
        Group group = group(3, 5, 8, 2);
        PeerGraph first = CollectivePeerGraph.generate(group, 3, 42);
        PeerGraph second = CollectivePeerGraph.generate(group, 3, 42);

        for (int m = 0; m < group.size(); m++) {
            assertThat(second.neighbours(m)).as("neighbours of %d", m).isEqualTo(first.neighbours(m));
        }
    }

    @Test
    void localGraphsAreConnectedWithEnoughLocalPeers() {
        Group group = group(1, 2, 4, 6, 10);
        for (int peers : new int[] {2, 3, 5}) {
            for (long seed = 0; seed < 10; seed++) {
                PeerGraph graph = CollectivePeerGraph.generate(group, peers, seed);
                for (String cluster : group.clusters()) {
                    List<Integer> collective = group.collective(cluster);
                    assertThat(localGraphConnected(group, graph, collective))
                            .as("cluster %s, N=%d, seed %d", cluster, peers, seed).isTrue();
                    for (int member : collective) {
                        assertThat(localPeers(group, graph, member))
                                .as("local peers of %d, N=%d, seed %d", member, peers, seed)
                                .hasSizeGreaterThanOrEqualTo(Math.min(collective.size() - 1, peers));
                    }
                }
            }
        }
    }

    @Test
    void equalClustersPairGlobalPeersOfEqualRank() {
        Group group = group(4, 4, 4, 4);
        for (long seed = 0; seed < 5; seed++) {
            PeerGraph graph = CollectivePeerGraph.generate(group, 5, seed);
            for (int x = 0; x < group.size(); x++) {
                for (String cluster : group.clusters()) {
                    List<Integer> other = group.collective(cluster);
                    if (group.sameCluster(x, other.get(0))) {
                        continue;
                    }
                    List<Integer> globalInCluster = graph.neighbours(x).stream().filter(other::contains).toList();
                    assertThat(globalInCluster).as("global peers of %d in cluster %s", x, cluster)
                            .containsExactly(other.get(group.rank(x)));
                }
            }
        }
    }

    @Test
    void unequalClustersFormAConnectedCollectiveGraph() {
        Group group = group(1, 3, 7, 2);
        for (int peers : new int[] {3, 5}) {
            for (long seed = 0; seed < 20; seed++) {
                assertThat(collectiveGraphConnected(group, CollectivePeerGraph.generate(group, peers, seed)))
                        .as("N=%d, seed %d", peers, seed).isTrue();
            }
        }
    }

    @Test
    void manySmallClustersFormAConnectedCollectiveGraph() {
        Group group = group(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2);
        for (long seed = 0; seed < 20; seed++) {
            PeerGraph graph = CollectivePeerGraph.generate(group, 5, seed);
            assertThat(collectiveGraphConnected(group, graph)).as("seed %d", seed).isTrue();
            for (int x = 0; x < group.size(); x++) {
                assertThat(graph.neighbours(x)).doesNotContain(x);
            }
        }
    }

    @Test
    void everyPairOfClustersIsJoined() {
        Group group = group(4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4);
        for (long seed = 0; seed < 10; seed++) {
            PeerGraph graph = CollectivePeerGraph.generate(group, 3, seed);
            boolean[][] joined = joinedClusters(group, graph);
            for (int a = 0; a < joined.length; a++) {
                for (int b = a + 1; b < joined.length; b++) {
                    assertThat(joined[a][b]).as("clusters %d and %d, seed %d", a, b, seed).isTrue();
                }
            }
            for (int x = 0; x < group.size(); x++) {
                for (int y : graph.neighbours(x)) {
                    assertThat(group.sameCluster(x, y) || group.rank(x) == group.rank(y))
                            .as("global peer %d of %d has the same rank", y, x).isTrue();
                }
            }
        }
    }

    @Test
    void manySingleNodeClustersAreNotJoinedIntoAClique() {
        int clusters = 40;
        int peers = 3;
        int[] sizes = new int[clusters];
        Arrays.fill(sizes, 1);
        Group group = group(sizes);
        for (long seed = 0; seed < 5; seed++) {
            PeerGraph graph = CollectivePeerGraph.generate(group, peers, seed);
            int edges = 0;
            for (int x = 0; x < group.size(); x++) {
                edges += graph.neighbours(x).size();
            }
            edges /= 2;
            assertThat(edges).as("edges, seed %d", seed)
                    .isLessThanOrEqualTo(clusters * peers + clusters * peers / 2)
                    .isGreaterThan(clusters * peers / 2);
        }
    }

    private static boolean[][] joinedClusters(Group group, PeerGraph graph) {
        int count = group.clusters().size();
        boolean[][] joined = new boolean[count][count];
        for (int x = 0; x < group.size(); x++) {
            for (int y : graph.neighbours(x)) {
                joined[group.clusterIndex(x)][group.clusterIndex(y)] = true;
            }
        }
        return joined;
    }

    private static List<Integer> localPeers(Group group, PeerGraph graph, int member) {
        return graph.neighbours(member).stream().filter(n -> group.sameCluster(member, n)).toList();
    }

    private static boolean localGraphConnected(Group group, PeerGraph graph, List<Integer> collective) {
        Graph<Integer, DefaultEdge> local = new SimpleGraph<>(DefaultEdge.class);
        collective.forEach(local::addVertex);
        for (int member : collective) {
            localPeers(group, graph, member).forEach(peer -> local.addEdge(member, peer));
        }
        return new ConnectivityInspector<>(local).isConnected();
    }

    private static boolean collectiveGraphConnected(Group group, PeerGraph graph) {
        Graph<Integer, DefaultEdge> clusters = new SimpleGraph<>(DefaultEdge.class);
        for (int c = 0; c < group.clusters().size(); c++) {
            clusters.addVertex(c);
        }
        for (int x = 0; x < group.size(); x++) {
            for (int y : graph.neighbours(x)) {
                if (!group.sameCluster(x, y)) {
                    clusters.addEdge(group.clusterIndex(x), group.clusterIndex(y));
                }
            }
        }
        return new ConnectivityInspector<>(clusters).isConnected();
    }

    /** Clusters c0, c1, ... of the given sizes, members interleaved in group order. */
    private static Group group(int... sizes) {
        List<Member> members = new ArrayList<>();
        int largest = Arrays.stream(sizes).max().orElse(0);
        for (int r = 0; r < largest; r++) {
            for (int c = 0; c < sizes.length; c++) {
                if (r < sizes[c]) {
                    members.add(Member.of("c" + c + "-" + r, "c" + c, "127.0.0.1", 7000 + members.size()));
                }
            }
        }
        return new Group(members);
    }
}

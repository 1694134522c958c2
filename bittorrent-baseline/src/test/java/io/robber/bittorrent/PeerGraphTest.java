package io.robber.bittorrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.engine.MemberDistances;
import io.robber.engine.PeerGraph;
import io.robber.api.ProtocolOptions;
import io.robber.sim.SimData;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The overlays: the classic random mesh and BT-Optimized's nearest peers. */
class PeerGraphTest {
    private static final BitTorrentProtocol BT = new BitTorrentProtocol();

    @ParameterizedTest
    @ValueSource(strings = {"classic", "cornet", "optimized"})
    void connectedWithAtLeastNPeersAndTheSameOnEveryNode(String variant) {
        for (int[] shape : new int[][] {{2}, {3, 3}, {1, 3, 7, 2}, {16, 16, 16, 16}, {40}}) {
            for (long seed = 0; seed < 20; seed++) {
                Group group = SimData.clusters(shape);
                ProtocolOptions options = BitTorrentSimTest.options(seed, Map.of("bittorrent.variant", variant));
                PeerGraph graph = BT.plan(group, options).graph();
                int n = variant.equals("optimized") ? 10 : 5;

                assertThat(connected(graph)).as("connected, seed %d", seed).isTrue();
                for (int m = 0; m < group.size(); m++) {
                    assertThat(graph.neighbours(m)).hasSizeGreaterThanOrEqualTo(Math.min(n, group.size() - 1))
                            .doesNotContain(m);
                }
                PeerGraph again = BT.plan(SimData.clusters(shape), options).graph();
                for (int m = 0; m < group.size(); m++) {
                    assertThat(again.neighbours(m)).isEqualTo(graph.neighbours(m));
                }
            }
        }
    }

    @Test
    void theClassicMeshIsClusterBlind() {
        Group group = SimData.clusters(16, 16, 16, 16);
        int withGlobalPeers = 0;
        int total = 0;
        for (long seed = 0; seed < 10; seed++) {
            PeerGraph graph = BT.plan(group, BitTorrentSimTest.options(seed, Map.of())).graph();
            for (int m = 0; m < group.size(); m++) {
                int node = m;
                if (graph.neighbours(m).stream().anyMatch(p -> !group.sameCluster(node, p))) {
                    withGlobalPeers++;
                }
                total++;
            }
        }
        // Five random peers out of 63, 48 of them in other clusters: almost every node has a global peer.
        assertThat(withGlobalPeers).as("nodes with a global peer of %d", total).isGreaterThan(total * 9 / 10);
    }

    @Test
    void btOptimizedTakesTenPeersNearestFirstWithOneInEachDistanceRange() {
        Group group = SimData.clusters(16, 16, 16, 16);
        for (long seed = 0; seed < 10; seed++) {
            java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
            for (int m = 0; m < group.size(); m++) {
                int node = m;
                var chosen = NearestPeers.select(group.size(), NearestPeers.clusters(group), m, 10, random);
                assertThat(chosen).hasSize(10).doesNotHaveDuplicates();
                assertThat(chosen.stream().filter(p -> !group.sameCluster(node, p)).count())
                        .as("peers in another cluster").isEqualTo(1);
            }
        }
        // A cluster of one has no peer at distance 0: all ten come from other clusters.
        Group lonely = SimData.clusters(1, 20);
        assertThat(NearestPeers.select(lonely.size(), NearestPeers.clusters(lonely), 0, 10, new java.util.SplittableRandom(1))).hasSize(10)
                .allMatch(p -> !lonely.sameCluster(0, p));
        // A group smaller than eleven: everyone is a peer.
        Group small = SimData.clusters(4, 3);
        assertThat(NearestPeers.select(small.size(), NearestPeers.clusters(small), 0, 10, new java.util.SplittableRandom(1)))
                .containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6);
    }

    /**
     * With the topology's distances (here: members on a line, hop count |a − b|) every distance range
     * gets one peer and the rest are the nearest: member 0 of 40 takes 1..9 and one of each farther
     * hop count it has room for, nearest first.
     */
    @Test
    void btOptimizedUsesTheTopologysDistancesWhenGiven() {
        Group group = SimData.clusters(40);
        MemberDistances line = (a, b) -> Math.abs(a - b);
        var chosen = NearestPeers.select(group.size(), line, 0, 10, new java.util.SplittableRandom(1));
        assertThat(chosen).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        MemberDistances twoHopsOrSix = (a, b) -> a == b ? 0 : (a < 20) == (b < 20) ? 2 : 6;
        var mixed = NearestPeers.select(group.size(), twoHopsOrSix, 0, 10, new java.util.SplittableRandom(1));
        assertThat(mixed).hasSize(10).doesNotHaveDuplicates();
        assertThat(mixed.stream().filter(p -> p >= 20).count()).as("peers six hops away").isEqualTo(1);

        ProtocolOptions options = BitTorrentSimTest.options(3, Map.of("bittorrent.variant", "optimized"))
                .with(MemberDistances.KEY, twoHopsOrSix);
        PeerGraph graph = BT.plan(group, options).graph();
        long far = IntStream.range(0, 20).mapToLong(m -> graph.neighbours(m).stream().filter(p -> p >= 20).count()).sum();
        assertThat(far).as("edges from the first half to the second").isBetween(1L, 40L);
    }

    private static boolean connected(PeerGraph graph) {
        BitSet seen = new BitSet();
        Deque<Integer> todo = new ArrayDeque<>();
        todo.add(0);
        seen.set(0);
        while (!todo.isEmpty()) {
            for (int n : graph.neighbours(todo.poll())) {
                if (!seen.get(n)) {
                    seen.set(n);
                    todo.add(n);
                }
            }
        }
        return seen.cardinality() == graph.size() && IntStream.range(0, graph.size()).allMatch(seen::get);
    }
}

package io.robber.datacast.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.TopologySpec;
import io.robber.sim.Route;
import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Members on servers of a data-center network, routed over its shortest paths in robber-core's simulation. */
class ShortestPathRoutesTest {
    private final Network bcube = TopologySpec.parse("bcube:4,1").network();
    private final List<Node> members = List.of(bcube.node("00"), bcube.node("01"), bcube.node("11"),
            bcube.node("33"), bcube.node("02"));
    private final ShortestPathRoutes routes = new ShortestPathRoutes(bcube, members);

    @Test
    void pathsAreShortestAndJoinTheMembersServers() {
        // BCube(4,1): a server reaches one under the same switch in 2 links, one differing in both digits in 4.
        assertThat(routes.distance(0, 1)).isEqualTo(2);
        assertThat(routes.distance(0, 2)).isEqualTo(4);
        assertThat(routes.distance(0, 3)).isEqualTo(4);
        assertThat(routes.distance(1, 2)).isEqualTo(2);
        for (int a = 0; a < members.size(); a++) {
            assertThat(routes.distance(a, a)).isZero();
            for (int b = 0; b < members.size(); b++) {
                assertThat(routes.distance(a, b)).isEqualTo(routes.distance(b, a));
                int[] path = routes.path(a, b);
                assertThat(path).hasSize(routes.distance(a, b));
                int at = members.get(a).index();
                for (int arc : path) {
                    assertThat(bcube.tail(arc)).isEqualTo(at);
                    at = bcube.head(arc);
                }
                assertThat(at).isEqualTo(members.get(b).index());
            }
        }
    }

    @Test
    void onTheTorusAndFattreeTheHopCountsAreTheTopologys() {
        Network torus = TopologySpec.parse("torus:5,2").network();
        ShortestPathRoutes onTorus = new ShortestPathRoutes(torus, List.of(torus.node("00"), torus.node("22"),
                torus.node("44")));
        assertThat(onTorus.distance(0, 1)).isEqualTo(4);
        assertThat(onTorus.distance(0, 2)).as("wrapping around both rings").isEqualTo(2);
        Network fattree = TopologySpec.parse("fattree:4,3").network();
        List<Node> servers = fattree.servers();
        ShortestPathRoutes onFattree = new ShortestPathRoutes(fattree, servers);
        int max = 0;
        for (int b = 1; b < servers.size(); b++) {
            max = Math.max(max, onFattree.distance(0, b));
            assertThat(onFattree.distance(0, b)).isIn(2, 4, 6);
        }
        assertThat(max).as("across the core").isEqualTo(6);
    }

    @Test
    void framesCrossEachLinkAtItsRateWithItsDelayAndEveryArcCountsItsBytes() {
        VirtualClock clock = new VirtualClock();
        Route route = routes.route(0, 2);
        List<Long> arrivals = new ArrayList<>();
        route.send(clock, 1500, () -> arrivals.add(clock.now()));
        route.send(clock, 1500, () -> arrivals.add(clock.now()));
        while (clock.step()) {
            // run dry
        }
        // 1 Gbit/s and 5 µs per link: 12 µs to send 1500 bytes, store and forward over 4 links;
        // the second frame follows one transmission behind.
        assertThat(arrivals).containsExactly(4 * (12_000L + 5_000L), 4 * (12_000L + 5_000L) + 12_000L);
        int[] path = routes.path(0, 2);
        for (int arc : path) {
            assertThat(routes.arcBytes(arc)).isEqualTo(3000);
        }
        assertThat(routes.totalBytes()).isEqualTo(3000L * path.length);
    }

    @Test
    void routesThatShareAnArcShareItsRate() {
        VirtualClock clock = new VirtualClock();
        // 00→01 and 02→01 both end on switch <0,0>'s arc down to 01; two frames of 1 ms each on each route.
        int[] a = routes.path(0, 1);
        int[] b = routes.path(4, 1);
        assertThat(a[a.length - 1]).as("both enter 01 on the same arc").isEqualTo(b[b.length - 1]);
        List<Long> arrivals = new ArrayList<>();
        Route one = routes.route(0, 1);
        Route other = routes.route(4, 1);
        for (int i = 0; i < 2; i++) {
            one.send(clock, 125_000, () -> arrivals.add(clock.now()));
            other.send(clock, 125_000, () -> arrivals.add(clock.now()));
        }
        while (clock.step()) {
            // run dry
        }
        // Four frames through one shared arc: the last arrives after 1 ms on the first link and 4 ms on the shared one.
        assertThat(arrivals).hasSize(4);
        assertThat(arrivals.stream().mapToLong(Long::longValue).max().orElseThrow()).isGreaterThanOrEqualTo(5_000_000L);
        assertThat(routes.arcBytes(a[a.length - 1])).isEqualTo(4 * 125_000L);
    }

    /** Equal-cost paths are spread over the pairs, as ECMP does: flows out of a Fattree pod use several cores. */
    @Test
    void equalCostPathsAreSpreadOverThePairs() {
        Network fattree = TopologySpec.parse("fattree:8,3").network();
        List<Node> servers = fattree.servers();
        ShortestPathRoutes spread = new ShortestPathRoutes(fattree, servers);
        java.util.Set<Integer> cores = new java.util.HashSet<>();
        for (int b = 1; b < servers.size(); b++) {
            int[] path = spread.path(0, b);
            if (path.length == 6) {
                cores.add(fattree.head(path[2]));
            }
        }
        // Fattree(8,3) has 16 core switches; a server's flows across pods reach it through many of them.
        assertThat(cores).hasSizeGreaterThan(8);
        assertThat(spread.path(0, 5)).isEqualTo(spread.path(0, 5));
    }

    @Test
    void membersSitOnDistinctServers() {
        assertThatThrownBy(() -> new ShortestPathRoutes(bcube, List.of(bcube.node("00"), bcube.node("00"))))
                .hasMessageContaining("two members on one server");
        assertThatThrownBy(() -> new ShortestPathRoutes(bcube, List.of(bcube.node("<0,0>"))))
                .hasMessageContaining("switch");
    }
}

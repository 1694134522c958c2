package io.robber.datacast.mctcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.sim.VirtualClock;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoutingTest {
    private static final double MBIT = 1e6;

    @Test
    void equation1WeighsByLoadBelowSaturationAndByFlowsAtIt() {
        LinkWeight eq1 = LinkWeight.DEFAULT;
        assertThat(eq1.of(4e6, 10e6, 3)).isCloseTo(0.4, within(1e-12));
        assertThat(eq1.of(9.4e6, 10e6, 5)).isCloseTo(0.94, within(1e-12));
        assertThat(eq1.of(9.6e6, 10e6, 1)).isEqualTo(1);
        assertThat(eq1.of(10e6, 10e6, 2)).isEqualTo(1);
        assertThat(eq1.of(10e6, 10e6, 4)).isCloseTo(1.6, within(1e-12));
    }

    @Test
    void theLinkMonitorTurnsPortCountersIntoEquation1Weights() {
        Figure4 fig = new Figure4();
        Fabric fabric = new Fabric(fig.network, new VirtualClock(), 1);
        LinkLoads loads = new LinkLoads(fig.network);
        int half = fig.arc(fig.s(1), fig.s(5));
        int full = fig.arc(fig.s(1), fig.s(6));
        LinkMonitor monitor = new LinkMonitor(fabric, loads, LinkWeight.DEFAULT, arc -> arc == full ? 3 : 1);
        // 1250-byte packets take 1 ms at 10 Mbit/s: 50 in 100 ms is half the link, 100 all of it.
        for (int i = 0; i < 100; i++) {
            long at = i * 1_000_000L;
            fabric.clock().at(at, () -> fabric.send(Packet.along(new int[] {full}, 1250, "x")));
            if (i % 2 == 0) {
                fabric.clock().at(at, () -> fabric.send(Packet.along(new int[] {half}, 1250, "x")));
            }
        }
        fabric.runUntil(100_000_000L);
        fabric.clock().at(100_000_000L, monitor::poll);
        fabric.runUntil(100_000_000L);
        assertThat(monitor.rate(half)).isCloseTo(5 * MBIT, within(1.0));
        assertThat(loads.weight(half)).isCloseTo(0.5, within(1e-9));
        assertThat(loads.weight(full)).isCloseTo(1.2, within(1e-9));
        assertThat(loads.weight(fig.arc(fig.s(5), fig.s(1)))).isZero();
        assertThat(loads.available(half)).isCloseTo(5 * MBIT, within(1.0));
    }

    @Test
    void figure4ShortestPathsGiveA2MbitTreeAndShortestWidestPathsA5MbitTree() {
        Figure4 fig = new Figure4();
        RoutingManager sp = new RoutingManager(fig.loads, RoutingSettings.DEFAULT.withRouting(Routing.SHORTEST_PATH));
        MulticastTree spTree = sp.calculate(fig.h(1), fig.receivers()).orElseThrow();
        assertThat(sorted(spTree.arcs())).containsExactly(fig.treeVia(5));
        assertThat(fig.loads.width(spTree.arcs())).isCloseTo(2 * MBIT, within(1.0));

        RoutingManager swp = new RoutingManager(fig.loads, RoutingSettings.DEFAULT);
        swp.refresh(4 * MBIT); // B_a = max(0.1·10, 4) = 4 Mbit/s: S1–S5 (2 free) weighs ten times more
        MulticastTree swpTree = swp.calculate(fig.h(1), fig.receivers()).orElseThrow();
        assertThat(swpTree.arcs()).contains(fig.arc(fig.s(1), fig.s(6))).doesNotContain(fig.arc(fig.s(1), fig.s(5)));
        assertThat(fig.loads.width(swpTree.arcs())).isCloseTo(5 * MBIT, within(1.0));
    }

    @Test
    void swpWmphAvoidsANarrowCheapPathThatSpMphTakes() {
        // Fig. 5's point on Fig. 4's fabric: via S5 costs 0.1 + 0.8 but leaves 2 Mbit/s; via S6 costs 1.0, leaves 5.
        Figure4 fig = new Figure4();
        fig.load(fig.s(1), fig.s(5), 1);
        fig.load(fig.s(5), fig.s(3), 8);
        int[] receivers = {fig.h(3)};
        MulticastTree shortest = PathHeuristic.tree(GlobalShortestPaths.of(fig.loads, Routing.SHORTEST_PATH, 0.1, 0),
                fig.h(1), receivers, false).orElseThrow();
        MulticastTree widest = PathHeuristic.tree(GlobalShortestPaths.of(fig.loads, Routing.SHORTEST_WIDEST_PATH, 0.1, 4 * MBIT),
                fig.h(1), receivers, true).orElseThrow();
        assertThat(shortest.arcs()).contains(fig.arc(fig.s(5), fig.s(3)));
        assertThat(fig.loads.width(shortest.arcs())).isCloseTo(2 * MBIT, within(1.0));
        assertThat(widest.arcs()).contains(fig.arc(fig.s(6), fig.s(3)));
        assertThat(fig.loads.width(widest.arcs())).isCloseTo(5 * MBIT, within(1.0));
    }

    /** A group of {@code rate} on Fig. 4's tree via S5, whose link S1→S5 is overloaded; S6 idle. */
    private static RoutedGroup overloadedGroup(Figure4 fig, int id, double rate) {
        RoutedGroup group = new RoutedGroup(id, fig.h(1), fig.receivers(), new MulticastTree(fig.network, fig.h(1), fig.treeVia(5)));
        group.rate(rate);
        return group;
    }

    private static Figure4 overloadedS5() {
        Figure4 fig = new Figure4();
        fig.load(fig.s(1), fig.s(5), 12);
        for (int i = 2; i <= 4; i++) {
            fig.load(fig.s(5), fig.s(i), 5);
            fig.load(fig.s(6), fig.s(i), 0);
        }
        fig.load(fig.s(1), fig.s(6), 0);
        return fig;
    }

    @Test
    void algorithm2ShortestPathMovesWhenTheCostDropsByAtLeastTheGroupsShare() {
        // C_cur − C_new over the differing arcs: (1.2 + 3·0.5) − 4·(0 + 0.5) = 0.7 ≥ C_thr = 0.5.
        Figure4 fig = overloadedS5();
        RoutingManager sp = new RoutingManager(fig.loads, RoutingSettings.DEFAULT.withRouting(Routing.SHORTEST_PATH));
        RoutedGroup group = overloadedGroup(fig, 1, 5 * MBIT);
        assertThat(sp.adjust(List.of(group))).containsExactly(group);
        assertThat(sorted(group.tree().arcs())).containsExactly(fig.treeVia(6));
        // Algorithm 1's correction: +0.5 on the arcs joined, −0.5 on the arcs left.
        assertThat(fig.loads.weight(fig.arc(fig.s(1), fig.s(6)))).isCloseTo(0.5, within(1e-9));
        assertThat(fig.loads.weight(fig.arc(fig.s(1), fig.s(5)))).isCloseTo(0.7, within(1e-9));
        assertThat(fig.loads.weight(fig.arc(fig.s(5), fig.s(2)))).isCloseTo(0, within(1e-9));
    }

    @Test
    void algorithm2ShortestPathStaysWhenTheDropIsBelowTheThreshold() {
        // S1→S5 at 1.0, S5→S_i at 0.3: (1.0 + 0.9) − 4·0.5 = −0.1 < 0.5.
        Figure4 fig = overloadedS5();
        fig.load(fig.s(1), fig.s(5), 10);
        for (int i = 2; i <= 4; i++) {
            fig.load(fig.s(5), fig.s(i), 3);
        }
        RoutingManager sp = new RoutingManager(fig.loads, RoutingSettings.DEFAULT.withRouting(Routing.SHORTEST_PATH));
        RoutedGroup group = overloadedGroup(fig, 1, 5 * MBIT);
        assertThat(sp.adjust(List.of(group))).isEmpty();
        assertThat(sorted(group.tree().arcs())).containsExactly(fig.treeVia(5));
    }

    @Test
    void algorithm2ShortestWidestPathMovesOnlyWhenTheNewTreeBeatsTheRateByAlpha() {
        Figure4 fig = overloadedS5();
        RoutingManager swp = new RoutingManager(fig.loads, RoutingSettings.DEFAULT);
        RoutedGroup slow = overloadedGroup(fig, 1, 5 * MBIT);
        assertThat(swp.adjust(List.of(slow))).containsExactly(slow); // 10 > 5·1.3
        Figure4 other = overloadedS5();
        RoutingManager swp2 = new RoutingManager(other.loads, RoutingSettings.DEFAULT);
        RoutedGroup fast = overloadedGroup(other, 1, 8 * MBIT);
        assertThat(swp2.adjust(List.of(fast))).isEmpty(); // 10 < 8·1.3
    }

    @Test
    void algorithm1TakesGroupsByAscendingRateAndLetsLaterOnesSeeEarlierMoves() {
        Figure4 fig = overloadedS5();
        RoutingManager swp = new RoutingManager(fig.loads, RoutingSettings.DEFAULT);
        RoutedGroup heavy = overloadedGroup(fig, 1, 7 * MBIT);
        RoutedGroup light = overloadedGroup(fig, 2, 2 * MBIT);
        // light goes first and moves to S6 (10 > 2.6); S6's arcs then weigh 0.2, leaving 8 < 7·1.3 for heavy.
        assertThat(swp.adjust(List.of(heavy, light))).containsExactly(light);
        assertThat(sorted(heavy.tree().arcs())).containsExactly(fig.treeVia(5));
        assertThat(fig.loads.weight(fig.arc(fig.s(1), fig.s(6)))).isCloseTo(0.2, within(1e-9));

        Figure4 alone = overloadedS5();
        RoutedGroup heavyAlone = overloadedGroup(alone, 1, 7 * MBIT);
        assertThat(new RoutingManager(alone.loads, RoutingSettings.DEFAULT).adjust(List.of(heavyAlone)))
                .as("without the light group's move, the heavy one would have moved").containsExactly(heavyAlone);
    }

    @Test
    void aFailedLinkReroutesEveryTreeOverItAtOnce() {
        Figure4 fig = overloadedS5();
        RoutingManager sp = new RoutingManager(fig.loads, RoutingSettings.DEFAULT.withRouting(Routing.SHORTEST_PATH));
        RoutedGroup a = overloadedGroup(fig, 1, 1 * MBIT);
        RoutedGroup b = overloadedGroup(fig, 2, 9 * MBIT);
        fig.loads.setLinkUp(fig.network.linkBetween(fig.s(5), fig.s(3)), false);
        sp.refresh(0);
        assertThat(sp.rerouteAroundFailures(List.of(a, b))).containsExactly(a, b);
        for (RoutedGroup group : List.of(a, b)) {
            assertThat(group.tree().arcs()).doesNotContain(fig.arc(fig.s(5), fig.s(3)));
            assertThat(Arrays.stream(fig.receivers()).allMatch(group.tree()::contains)).isTrue();
        }
    }

    private static int[] sorted(int[] arcs) {
        int[] copy = arcs.clone();
        Arrays.sort(copy);
        return copy;
    }
}

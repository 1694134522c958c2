package io.robber.datacast.mctcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.background.FlowEndpoints;
import io.robber.datacast.background.TcpFlow;
import io.robber.datacast.background.UnicastRoutes;
import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.tcp.TcpSettings;
import io.robber.datacast.topology.Fattree;
import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class McTcpSessionTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;
    /** The paper's Fig. 7: a k = 4 fat tree (16 hosts), here with 100 Mbit/s links. */
    private final Network network = Fattree.of(4, 3, LinkProfiles.uniform(new LinkProfile(100_000_000L, 5_000L, 100))).network();
    private final int source = 0;
    private final int[] receivers = {5, 10, 15};

    /** A fabric with its multicast, group manager and unicast routes. */
    private final class Setup {
        final Fabric fabric = new Fabric(network, new VirtualClock(), 1);
        final MulticastManager multicast = new MulticastManager(fabric);
        final GroupManager manager;
        final UnicastRoutes routes = new UnicastRoutes(fabric);
        final FlowEndpoints endpoints = new FlowEndpoints(multicast::addHost);

        Setup(RoutingSettings settings) {
            manager = new GroupManager(fabric, multicast, settings, 3 * SECOND);
        }

        McTcpSession session(int id, int segments, TcpSettings tcp) {
            McTcpSession session = new McTcpSession(fabric, multicast, manager, routes, id, source, receivers, segments, tcp, MS);
            session.start();
            return session;
        }
    }

    @Test
    void everyReceiverEndsWithVerifiedDataAndTheClosedTreeIsKeptForReuseThenCleaned() {
        Setup setup = new Setup(RoutingSettings.DEFAULT);
        McTcpSession first = setup.session(1, 5000, TcpSettings.DEFAULT);
        setup.fabric.runUntil(2 * SECOND);
        assertThat(first.finished()).isTrue();
        assertThat(first.verifiedReceivers()).containsExactly(receivers);
        assertThat(first.evictions()).isEmpty();
        // 5000 segments of 1500 bytes over 100 Mbit/s take at least 0.6 s; Reno gets well over half the link.
        assertThat(first.transferNanos()).isBetween(600 * MS, 1200 * MS);
        assertThat(setup.manager.sessions().active()).isEmpty();
        assertThat(setup.manager.sessions().inactiveCount()).isEqualTo(1);

        McTcpSession second = setup.session(2, 1000, TcpSettings.DEFAULT);
        setup.fabric.runUntil(setup.fabric.clock().now() + SECOND / 2);
        assertThat(second.verified()).isTrue();
        assertThat(setup.manager.sessions().reused()).isEqualTo(1);
        setup.fabric.runUntil(setup.fabric.clock().now() + 4 * SECOND);
        assertThat(setup.manager.sessions().inactiveCount()).isZero();
        assertThat(setup.manager.sessions().cleaned()).isEqualTo(1);
    }

    @Test
    void withRandomLossEveryReceiverStillEndsVerified() {
        Setup setup = new Setup(RoutingSettings.DEFAULT);
        McTcpSession session = setup.session(1, 3000, TcpSettings.DEFAULT);
        setup.fabric.runUntil(10 * MS);
        for (int arc = 0; arc < network.arcCount(); arc++) {
            setup.fabric.setLossRate(arc, 0.001);
        }
        setup.fabric.runUntil(20 * SECOND);
        assertThat(session.finished()).isTrue();
        assertThat(session.evictions()).isEmpty();
        assertThat(session.verifiedReceivers()).containsExactly(receivers);
        assertThat(session.sender().retransmissions()).isPositive();
    }

    @Test
    void aLostSynIsSentAgainOnTheTimeoutAndTheSessionCompletes() {
        Setup setup = new Setup(RoutingSettings.DEFAULT);
        int into10 = Network.reverse(network.outArc(network.outStart(10)));
        setup.fabric.setLossRate(into10, 1.0);
        setup.fabric.clock().at(1500_000L, () -> setup.fabric.setLossRate(into10, 0));
        McTcpSession session = setup.session(1, 1000, TcpSettings.DEFAULT);
        setup.fabric.runUntil(2 * SECOND);
        assertThat(session.syns()).as("one SYN again, to receiver 10 alone").isEqualTo(receivers.length + 1);
        assertThat(session.finished()).isTrue();
        assertThat(session.verifiedReceivers()).containsExactly(receivers);
        assertThat(session.evictions()).isEmpty();
        long started = session.finishedAtNanos() - session.transferNanos();
        // The SYNs leave at 1 ms (the controller's round trip); the others' SYN-ACKs set the timeout to its 2 ms floor.
        assertThat(started).isBetween(3 * MS, 4 * MS);
    }

    @Test
    void aReceiverThatNeverAnswersItsSynIsEvictedAndTheOthersFinish() {
        Setup setup = new Setup(RoutingSettings.DEFAULT);
        McTcpSession session = setup.session(1, 1000, TcpSettings.DEFAULT.withEvictAfter(200 * MS));
        session.crash(10);
        setup.fabric.runUntil(2 * SECOND);
        assertThat(session.evictions()).extracting(McTcpSession.Eviction::receiver).containsExactly(10);
        assertThat(session.evictions().get(0).atNanos()).as("200 ms after the first SYN").isEqualTo(201 * MS);
        assertThat(session.syns()).as("SYNs to 10 at 1 ms, then after 2, 4, 8, 16, 32, 64 ms").isEqualTo(3 + 6);
        assertThat(session.finished()).isTrue();
        assertThat(session.verifiedReceivers()).containsExactly(5, 15);
        assertThat(session.verified()).isTrue();
    }

    @Test
    void aSilentReceiverIsEvictedAndReportedAndTheOthersFinish() {
        Setup setup = new Setup(RoutingSettings.DEFAULT);
        McTcpSession session = setup.session(1, 5000, TcpSettings.DEFAULT.withEvictAfter(200 * MS));
        setup.fabric.runUntil(100 * MS);
        session.crash(10);
        setup.fabric.runUntil(5 * SECOND);
        assertThat(session.evictions()).extracting(McTcpSession.Eviction::receiver).containsExactly(10);
        long at = session.evictions().get(0).atNanos();
        assertThat(at).as("200 ms after its last ACK, just before 100 ms").isBetween(299 * MS, 400 * MS);
        assertThat(session.finished()).isTrue();
        assertThat(session.verifiedReceivers()).containsExactly(5, 15);
        assertThat(session.verified()).isTrue();
    }

    @Test
    void figure10ALinkFailureMovesTheTreeAndTheTransferContinues() {
        Setup setup = new Setup(RoutingSettings.DEFAULT);
        McTcpSession session = setup.session(1, 20_000, TcpSettings.DEFAULT);
        setup.fabric.runUntil(500 * MS);
        int[] before = setup.multicast.tree(session.group()).arcs();
        int link = Network.linkOf(switchArc(before));
        int deliveredBefore = session.delivered();
        setup.fabric.setLinkUp(link, false);
        assertThat(setup.manager.moves()).extracting(GroupManager.Move::reason)
                .containsExactly(GroupManager.Move.Reason.LINK_FAILURE);
        int[] after = setup.multicast.tree(session.group()).arcs();
        assertThat(after).doesNotContain(2 * link, 2 * link + 1);
        setup.fabric.runUntil(setup.fabric.clock().now() + 100 * MS);
        assertThat(session.delivered()).as("data keeps flowing on the new tree").isGreaterThan(deliveredBefore + 200);
        setup.fabric.runUntil(10 * SECOND);
        assertThat(session.finished()).isTrue();
        assertThat(session.verifiedReceivers()).containsExactly(receivers);
        assertThat(session.evictions()).isEmpty();
    }

    /** Delivered segments per second between two times, sampled on the virtual clock. */
    private static double rate(int[] samples, int from, int to, long stepNanos) {
        return (samples[to] - samples[from]) * 1e9 / ((to - from) * stepNanos);
    }

    /**
     * Fig. 9: the group runs alone for 2 s, then an iperf-like TCP flow crosses a switch-to-switch
     * link of its tree for 3 s; returns the delivered segments sampled every 100 ms.
     */
    private int[] figure9(Setup setup) {
        McTcpSession session = setup.session(1, 60_000, TcpSettings.DEFAULT);
        int[] samples = new int[61];
        for (int i = 0; i <= 60; i++) {
            int slot = i;
            setup.fabric.clock().at(i * 100 * MS, () -> samples[slot] = session.delivered());
        }
        setup.fabric.runUntil(2 * SECOND - 1);
        int[] tree = setup.multicast.tree(session.group()).arcs();
        TcpFlow flow = crossing(setup, switchArc(tree), tree);
        setup.fabric.clock().at(2 * SECOND, flow::start);
        setup.fabric.clock().at(5 * SECOND, flow::stop);
        setup.fabric.runUntil(6 * SECOND);
        assertThat(flow.delivered()).as("the TCP flow got its share").isGreaterThan(5000);
        return samples;
    }

    @ParameterizedTest
    @EnumSource(Routing.class)
    void figure9TheGroupManagerMovesTheTreeOffACongestedLinkWhileWithoutAdjustmentTheGroupSlowsDown(Routing routing) {
        Setup adjusting = new Setup(RoutingSettings.DEFAULT.withRouting(routing));
        int[] moved = figure9(adjusting);
        Setup fixed = new Setup(RoutingSettings.DEFAULT.withRouting(routing).withAdjust(false));
        int[] stuck = figure9(fixed);

        long interval = RoutingSettings.DEFAULT.intervalNanos();
        assertThat(adjusting.manager.moves()).isNotEmpty();
        GroupManager.Move move = adjusting.manager.moves().get(0);
        assertThat(move.reason()).isEqualTo(GroupManager.Move.Reason.CONGESTION);
        // The manager polls every interval from its first session (1 ms, the controller's round trip): it moves at the first poll after 2 s.
        assertThat(move.atNanos()).isBetween(2 * SECOND, 2 * SECOND + interval + 2 * MS);
        assertThat(fixed.manager.moves()).isEmpty();

        double priorMoved = rate(moved, 10, 20, 100 * MS);
        double duringMoved = rate(moved, 25, 50, 100 * MS);
        double priorStuck = rate(stuck, 10, 20, 100 * MS);
        double duringStuck = rate(stuck, 25, 50, 100 * MS);
        assertThat(duringMoved).as("with adjustment").isGreaterThanOrEqualTo(0.8 * priorMoved);
        assertThat(duringStuck).as("without adjustment").isLessThan(0.7 * priorStuck);
        assertThat(duringMoved - duringStuck).isGreaterThan(0.2 * priorMoved);
    }

    /** A tree arc between two switches (a fat tree's servers are its ends). */
    private int switchArc(int[] tree) {
        return Arrays.stream(tree).filter(arc -> !network.node(network.tail(arc)).isServer()
                && !network.node(network.head(arc)).isServer()).findFirst().orElseThrow();
    }

    /** An iperf-like flow between two servers off the group whose route crosses {@code arc}. */
    private TcpFlow crossing(Setup setup, int arc, int[] tree) {
        int[] members = IntStream.concat(IntStream.of(source), IntStream.of(receivers)).toArray();
        for (int x = 0; x < network.servers().size(); x++) {
            for (int y = 0; y < network.servers().size(); y++) {
                int from = x;
                int to = y;
                if (from == to || IntStream.of(members).anyMatch(m -> m == from || m == to)) {
                    continue;
                }
                int[] up = setup.routes.between(from, network.tail(arc));
                int[] down = setup.routes.between(network.head(arc), to);
                int[] route = IntStream.concat(IntStream.concat(IntStream.of(up), IntStream.of(arc)), IntStream.of(down)).toArray();
                if (simple(route) && route.length <= 6) {
                    return new TcpFlow(setup.fabric, setup.endpoints, 99, from, to, route, reverse(route), 100_000,
                            TcpSettings.DEFAULT.withEvictAfter(Long.MAX_VALUE / 4), setup.manager.flows());
                }
            }
        }
        throw new AssertionError("no server pair routes across " + network.describeArc(arc));
    }

    private boolean simple(int[] route) {
        long distinct = IntStream.of(route).map(network::head).distinct().count();
        return distinct == route.length && IntStream.of(route).noneMatch(a -> network.head(a) == network.tail(route[0]));
    }

    private static int[] reverse(int[] route) {
        int[] back = new int[route.length];
        for (int i = 0; i < route.length; i++) {
            back[i] = Network.reverse(route[route.length - 1 - i]);
        }
        return back;
    }
}

package io.robber.datacast.mctcp.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.datacast.mctcp.Routing;
import io.robber.datacast.overlay.RelayCrash;
import io.robber.sim.NodeStats;
import io.robber.sim.SimBuilder;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import io.robber.testkit.ForgedPieces;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The mctcp protocol on robber-core's virtual-time network: every member ends with every piece. */
class McTcpSimTest {
    private static final int PIECE_SIZE = 64 * 1024;
    private static final McTcpProtocol MCTCP = new McTcpProtocol();
    private static final Map<String, String> BCUBE = Map.of("mctcp.topology", "bcube:4,1");

    private static SimBuilder run(Group group, int pieces, Map<String, String> extra) {
        return SimNetwork.builder(group, MCTCP)
                .options(new ProtocolOptions(5, 5, 1, extra))
                .pieces(pieces, PIECE_SIZE)
                .possession(SimData.roots(pieces, 0))
                .seed(3);
    }

    private static McTcpPlan plan(Group group, Map<String, String> extra) {
        return (McTcpPlan) MCTCP.plan(group, new ProtocolOptions(5, 5, 1, extra));
    }

    private static Map<String, String> with(Map<String, String> base, String... more) {
        Map<String, String> all = new HashMap<>(base);
        for (int i = 0; i < more.length; i += 2) {
            all.put(more[i], more[i + 1]);
        }
        return Map.copyOf(all);
    }

    /** The first member after the source that {@code test} accepts. */
    private static int firstReceiver(Group group, IntPredicate test) {
        return IntStream.range(1, group.size()).filter(test).findFirst().orElseThrow();
    }

    /** BCube(4,1), a member on every server: members relay down the manager's tree, each piece once to each receiver. */
    @Test
    void everyMemberOfABCubeGetsEveryPieceOnce() {
        Group group = SimData.clusters(16);
        SimResult result = run(group, 203, BCUBE).run().assertAllComplete();
        assertThat(result.total(NodeStats::duplicates)).as("no retransmission on lossless links").isZero();
        assertThat(result.total(NodeStats::piecesSent)).as("one copy of each piece per receiver").isEqualTo(203L * 15);
        McTcpPlan plan = plan(group, BCUBE);
        int relays = 0;
        for (int m = 1; m < group.size(); m++) {
            if (plan.members().children(m).length > 0) {
                relays++;
                assertThat(result.node(m).piecesSent()).as("relay %d sends", m)
                        .isEqualTo(203L * plan.members().children(m).length);
            }
        }
        assertThat(relays).as("BCube's servers forward, so members relay").isPositive();
        assertThat(result.node(0).piecesSent()).isEqualTo(203L * plan.members().children(0).length);
    }

    /** The default (every member under one switch) on the WAN test network, and odd sizes. */
    @Test
    void withoutATopologyTheSourceServesEveryone() {
        SimResult result = run(SimData.clusters(1, 3, 4, 2), 120, Map.of()).run().assertAllComplete();
        assertThat(result.total(NodeStats::duplicates)).isZero();
        assertThat(result.node(0).piecesSent()).isEqualTo(120L * 9);
        run(SimData.clusters(4, 4), 37, Map.of("mctcp.topology", "torus:3,2", "mctcp.window", "1",
                "mctcp.routing", "sp")).run().assertAllComplete();
        run(SimData.clusters(2), 0, Map.of()).run().assertAllComplete();
        run(SimData.clusters(1), 5, Map.of()).run().assertAllComplete();
    }

    /** MCTCP-S and MCTCP-W both route a tree from the source's server to every other member's. */
    @Test
    void bothRoutingsGiveATreeOverEveryMember() {
        Group group = SimData.clusters(16);
        for (String routing : new String[] {"sp", "swp"}) {
            McTcpPlan plan = plan(group, with(BCUBE, "mctcp.routing", routing));
            assertThat(plan.options().routing()).isEqualTo(routing.equals("sp") ? Routing.SHORTEST_PATH
                    : Routing.SHORTEST_WIDEST_PATH);
            assertThat(plan.members().root()).isZero();
            for (int m = 1; m < group.size(); m++) {
                assertThat(plan.members().ancestors(m)).as("member %d hangs under the source", m).endsWith(0);
                assertThat(plan.graph().neighbours(m)).as("member %d ACKs to the source", m).contains(0);
            }
        }
    }

    @Test
    void badOptionsAreRefusedWithAReason() {
        Group group = SimData.clusters(4);
        assertThatThrownBy(() -> plan(group, Map.of("mctcp.routing", "ecmp")))
                .hasMessageContaining("mctcp.routing must be swp").hasMessageContaining("'ecmp'");
        assertThatThrownBy(() -> plan(group, Map.of("mctcp.window", "5000"))).hasMessageContaining("at most 4096");
        assertThatThrownBy(() -> plan(group, Map.of("mctcp.window", "4", "mctcp.initial-window", "8")))
                .hasMessageContaining("initial-window (8) must not exceed mctcp.window (4)");
        assertThatThrownBy(() -> plan(group, Map.of("mctcp.evict-after", "soon")))
                .hasMessageContaining("mctcp.evict-after must be a positive duration");
        assertThatThrownBy(() -> plan(group, Map.of("mctcp.windw", "4"))).hasMessageContaining("unknown option mctcp.windw");
        assertThatThrownBy(() -> plan(SimData.clusters(20), BCUBE)).hasMessageContaining("do not fit on the 16 servers");
    }

    /**
     * A member that relays crashes mid-transfer: once it is declared dead the source stops waiting for
     * it, its children re-parent to the next member above it, which sends more than in the healthy run,
     * and every survivor still ends with every piece.
     */
    @Test
    void childrenOfADeadRelayReParentAndFinish() {
        Group group = SimData.clusters(16);
        RelayCrash.childrenReParentAndFinish(group, plan(group, BCUBE).members(), () -> run(group, 400, BCUBE));
    }

    /**
     * §3.1.2: a receiver that connects but never takes part sends no ACK; the source evicts it after
     * {@code mctcp.evict-after}, long before the failure timeout would declare it dead, and the others
     * finish.
     */
    @Test
    void aReceiverThatSendsNoAckIsEvictedAndTheOthersFinish() {
        Group group = SimData.clusters(16);
        McTcpPlan plan = plan(group, BCUBE);
        int victim = firstReceiver(group, m -> plan.members().children(m).length == 0);
        Duration failureTimeout = Duration.ofSeconds(600);
        SimResult result = run(group, 300, with(BCUBE, "mctcp.evict-after", "2s"))
                .failureTimeout(failureTimeout)
                .neverStarts(victim)
                .run()
                .assertSurvivorsComplete(victim);
        assertThat(result.disconnects()).singleElement().asString()
                .startsWith("c0n0 dropped " + group.member(victim).id()).contains("evicted");
        assertThat(result.completionTime()).as("finished by eviction, not by the failure timeout")
                .isLessThan(failureTimeout.toNanos() / 10);
    }

    /**
     * A relay that connects but never takes part is evicted too; the members below it, which got
     * nothing through it, are not: they judge it dead themselves within the failure timeout, re-parent
     * and finish.
     */
    @Test
    void theMembersBelowAnEvictedRelayAreNotEvicted() {
        Group group = SimData.clusters(16);
        McTcpPlan plan = plan(group, BCUBE);
        int victim = firstReceiver(group, m -> plan.members().children(m).length > 0);
        SimResult result = run(group, 300, with(BCUBE, "mctcp.evict-after", "1s"))
                .failureTimeout(Duration.ofSeconds(5))
                .neverStarts(victim)
                .run()
                .assertSurvivorsComplete(victim);
        assertThat(result.disconnects()).singleElement().asString()
                .startsWith("c0n0 dropped " + group.member(victim).id()).contains("evicted");
    }

    /**
     * The tree link between a relay and one of its children goes down for a while: the window is held
     * back by the slowest receiver, so nobody finishes before the link is back; then the child tells its
     * parent what it misses, and everyone finishes. Nobody is evicted or declared dead.
     */
    @Test
    void theWindowWaitsForTheSlowestReceiver() {
        Group group = SimData.clusters(16);
        McTcpPlan plan = plan(group, BCUBE);
        int child = firstReceiver(group, m -> plan.members().parent(m) > 0);
        int parent = plan.members().parent(child);
        int pieces = 400;
        SimResult healthy = run(group, pieces, BCUBE).run().assertAllComplete();
        long quarter = healthy.completionTime() / 4;
        long back = 2 * quarter;
        SimResult result = run(group, pieces, BCUBE)
                .failureTimeout(Duration.ofSeconds(600))
                .outage(parent, child, quarter, back)
                .run()
                .assertAllComplete();
        for (int m = 1; m < group.size(); m++) {
            assertThat(result.node(m).localCompleteAt()).as("member %d finished after the outage", m)
                    .isGreaterThan(back);
        }
        assertThat(result.disconnects()).noneSatisfy(d -> assertThat(d).contains("evicted"));
    }

    /**
     * Issue 14: pieces are taken only from a tree ancestor, who may push them; a member's forged pieces
     * to its other neighbours are refused unhashed, and everyone still finishes.
     */
    @Test
    void piecesFromAMemberThatMayNotPushThemAreRefused() {
        Group group = SimData.clusters(16);
        McTcpPlan plan = plan(group, BCUBE);
        int hostile = firstReceiver(group, m -> plan.members().children(m).length > 0);
        ForgedPieces.assertRefusedUnlessAllowed(() -> run(group, 64, BCUBE), group, hostile,
                plan.graph().neighbours(hostile), 16, to -> plan.members().isBelow(to, hostile));
    }
}

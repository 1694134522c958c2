package io.robber.datacast.rdcm.channel;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.datacast.overlay.RelayCrash;
import io.robber.sim.NodeStats;
import io.robber.sim.SimBuilder;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import io.robber.testkit.ForgedPieces;
import java.time.Duration;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The rdcm protocol on robber-core's virtual-time network: every member ends with every piece. */
class RdcmSimTest {
    private static final int PIECE_SIZE = 64 * 1024;
    private static final RdcmProtocol RDCM = new RdcmProtocol();

    private static SimBuilder run(Group group, int pieces, Map<String, String> extra) {
        return SimNetwork.builder(group, RDCM)
                .options(new ProtocolOptions(5, 5, 1, extra))
                .pieces(pieces, PIECE_SIZE)
                .possession(SimData.roots(pieces, 0))
                .seed(3);
    }

    /** The first member after the source that {@code test} accepts. */
    private static int firstReceiver(Group group, IntPredicate test) {
        return IntStream.range(1, group.size()).filter(test).findFirst().orElseThrow();
    }

    private static RdcmPlan plan(Group group, Map<String, String> extra) {
        return (RdcmPlan) RDCM.plan(group, new ProtocolOptions(5, 5, 1, extra));
    }

    /** BCube(4,1), a member on every server: members relay down the tree, each piece once to each receiver. */
    @Test
    void everyMemberOfABCubeGetsEveryPieceOnce() {
        Group group = SimData.clusters(16);
        Map<String, String> extra = Map.of("rdcm.topology", "bcube:4,1");
        SimResult result = run(group, 203, extra).run().assertAllComplete();
        assertThat(result.total(NodeStats::duplicates)).as("no repair on lossless links").isZero();
        assertThat(result.total(NodeStats::piecesSent)).as("one copy of each piece per receiver").isEqualTo(203L * 15);
        RdcmPlan plan = plan(group, extra);
        for (int m = 1; m < group.size(); m++) {
            if (plan.members().children(m).length > 0) {
                assertThat(result.node(m).piecesSent()).as("relay %d sends", m).isPositive();
            }
        }
        assertThat(result.node(0).piecesSent()).as("the source sends less than a copy per receiver")
                .isLessThan(203L * 15);
    }

    /** The default (every member under one switch) on the WAN test network, and odd sizes. */
    @Test
    void withoutATopologyTheSourceServesEveryone() {
        SimResult result = run(SimData.clusters(1, 3, 4, 2), 120, Map.of()).run().assertAllComplete();
        assertThat(result.total(NodeStats::duplicates)).isZero();
        assertThat(result.node(0).piecesSent()).isEqualTo(120L * 9);
        run(SimData.clusters(4, 4), 37, Map.of("rdcm.topology", "torus:3,2", "rdcm.window", "1")).run()
                .assertAllComplete();
        run(SimData.clusters(2), 0, Map.of()).run().assertAllComplete();
        run(SimData.clusters(1), 5, Map.of()).run().assertAllComplete();
    }

    /**
     * A member that relays crashes mid-transfer: once it is declared dead its children re-parent to the
     * next member above it, which sends more than in the healthy run, the overlay is rebuilt without it
     * (§3.4), and every survivor still ends with every piece.
     */
    @Test
    void childrenOfADeadRelayReParentAndFinish() {
        Group group = SimData.clusters(16);
        Map<String, String> extra = Map.of("rdcm.topology", "bcube:4,1", "rdcm.repair-timeout", "50ms");
        RelayCrash.childrenReParentAndFinish(group, plan(group, extra).members(), () -> run(group, 400, extra));
    }

    /**
     * The tree link between a relay and one of its children goes down for a while (§3.3): the child's
     * ring predecessor repairs what the tree no longer brings, and when the link is back the child tells
     * its parent what it still misses. Everyone finishes and nobody is declared dead.
     */
    @Test
    void aChildCutOffFromTheTreeIsRepairedByItsRingPredecessor() {
        Group group = SimData.clusters(16);
        Map<String, String> extra = Map.of("rdcm.topology", "bcube:4,1", "rdcm.repair-timeout", "20ms");
        RdcmPlan plan = plan(group, extra);
        int child = firstReceiver(group, m -> plan.members().parent(m) > 0);
        int parent = plan.members().parent(child);
        int node = plan.node(child);
        int predecessor = plan.member(plan.overlay().leafRing(node).orElseThrow().predecessor(node));
        int pieces = 400;
        SimResult healthy = run(group, pieces, extra).run().assertAllComplete();
        long quarter = healthy.completionTime() / 4;
        SimResult result = run(group, pieces, extra)
                .failureTimeout(Duration.ofSeconds(30))
                .outage(parent, child, quarter, 2 * quarter)
                .run()
                .assertAllComplete();
        assertThat(result.node(predecessor).piecesSent()).as("member %d repaired %d over the overlay", predecessor,
                child).isGreaterThan(healthy.node(predecessor).piecesSent());
    }

    /**
     * Issue 14: pieces are taken only from those who may push them, a tree ancestor or a ring
     * predecessor (which repairs); a member's forged pieces to its other neighbours are refused
     * unhashed, and everyone still finishes.
     */
    @Test
    void piecesFromAMemberThatMayNotPushThemAreRefused() {
        Group group = SimData.clusters(16);
        Map<String, String> extra = Map.of("rdcm.topology", "bcube:4,1");
        RdcmPlan plan = plan(group, extra);
        int hostile = 5;
        ForgedPieces.assertRefusedUnlessAllowed(() -> run(group, 64, extra), group, hostile,
                plan.graph().neighbours(hostile), 16, to -> mayPush(plan, hostile, to));
    }

    private static boolean mayPush(RdcmPlan plan, int from, int to) {
        if (plan.members().isBelow(to, from)) {
            return true;
        }
        int node = plan.node(to);
        return plan.overlay().ringsOf(node).stream().anyMatch(ring -> plan.member(ring.predecessor(node)) == from);
    }
}

package io.robber.datacast.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.sim.NodeStats;
import io.robber.sim.SimBuilder;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import io.robber.testkit.ForgedPieces;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The datacast protocol on robber-core's virtual-time network: every member ends with every piece. */
class DatacastSimTest {
    private static final int PIECE_SIZE = 64 * 1024;
    private static final DatacastProtocol DATACAST = new DatacastProtocol();

    private static SimBuilder run(Group group, int pieces, Map<String, String> extra) {
        return SimNetwork.builder(group, DATACAST)
                .options(new ProtocolOptions(5, 5, 1, extra))
                .pieces(pieces, PIECE_SIZE)
                .possession(SimData.roots(pieces, 0))
                .seed(3);
    }

    /** BCube(4,1), a member on every server: two trees, each piece once to every member. */
    @Test
    void everyMemberOfABCubeGetsEveryPieceOnce() {
        Group group = SimData.clusters(16);
        SimResult result = run(group, 203, Map.of("datacast.topology", "bcube:4,1")).run().assertAllComplete();
        assertThat(result.total(NodeStats::duplicates)).isZero();
        assertThat(result.total(NodeStats::piecesSent)).as("one copy of each piece per receiver").isEqualTo(203L * 15);
        DatacastPlan plan = (DatacastPlan) DATACAST.plan(group, new ProtocolOptions(5, 5, 1,
                Map.of("datacast.topology", "bcube:4,1")));
        for (int m = 1; m < group.size(); m++) {
            int relayed = 0;
            for (OverlayTree tree : plan.trees()) {
                relayed += tree.children(m).length;
            }
            if (relayed > 0) {
                assertThat(result.node(m).piecesSent()).as("relay %d sends", m).isPositive();
            }
        }
        assertThat(result.node(0).piecesSent()).as("the source sends less than a copy per receiver")
                .isLessThan(203L * 15);
    }

    /** The default (every member under one switch) on the WAN test network, with uneven clusters. */
    @Test
    void withoutATopologyTheSourceServesEveryone() {
        Group group = SimData.clusters(1, 3, 4, 2);
        SimResult result = run(group, 120, Map.of()).run().assertAllComplete();
        assertThat(result.total(NodeStats::duplicates)).isZero();
        assertThat(result.node(0).piecesSent()).isEqualTo(120L * 9);
    }

    /** A small window, tiny blocks and a short piece count that is not a multiple of anything. */
    @Test
    void oddSizesAndSmallWindows() {
        run(SimData.clusters(4, 4), 37, Map.of("datacast.topology", "torus:3,2", "datacast.window", "1",
                "datacast.block-pieces", "1")).run().assertAllComplete();
        run(SimData.clusters(2), 0, Map.of()).run().assertAllComplete();
        run(SimData.clusters(1), 5, Map.of()).run().assertAllComplete();
    }

    /**
     * A member that relays on a tree crashes mid-transfer: once it is declared dead its children
     * re-parent to the next member above it, and every survivor still ends with every piece.
     */
    @Test
    void childrenOfADeadRelayReParentAndFinish() {
        Group group = SimData.clusters(16);
        Map<String, String> extra = Map.of("datacast.topology", "bcube:4,1", "datacast.rate", "50");
        OverlayTree tree = ((DatacastPlan) DATACAST.plan(group, new ProtocolOptions(5, 5, 1, extra))).trees().get(0);
        RelayCrash.Outcome crash = RelayCrash.childrenReParentAndFinish(group, tree, () -> run(group, 400, extra));
        for (int child : tree.children(crash.victim())) {
            assertThat(crash.result().node(child).localCompleteAt()).as("child %d finished after the death", child)
                    .isGreaterThan(crash.crashAt() + RelayCrash.FAILURE_TIMEOUT.toNanos());
        }
    }

    /** Issue 14: a piece pushed by anyone but the receiver's parent on the piece's tree is refused. */
    @Test
    void piecesFromAMemberThatIsNotTheParentAreRefused() {
        Group group = SimData.clusters(16);
        Map<String, String> extra = Map.of("datacast.topology", "bcube:4,1");
        int hostile = 5;
        List<Integer> neighbours = DATACAST.plan(group, new ProtocolOptions(5, 5, 1, extra)).graph().neighbours(hostile);

        ForgedPieces.assertRefusedUnlessFromTheUpstream(() -> run(group, 64, extra), group, hostile, neighbours, 16);
    }
}

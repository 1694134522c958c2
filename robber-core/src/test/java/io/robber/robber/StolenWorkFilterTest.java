package io.robber.robber;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.sim.NodeStats;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import java.util.BitSet;
import java.util.function.IntFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 14, item 11: in a collective larger than a node's local peers (N = 5, so more than 6 members)
 * the possessions of some fellow members arrive relayed, after the first steals. Work stolen from a
 * member that did not know yet what its collective holds must still leave out what the collective
 * held at the start: no piece crosses the WAN into a cluster that already has it (§3, work(C)). Here
 * one member holds all but the last pieces, so the members that hear of it first are out of work at
 * once and steal from members that have not heard yet.
 */
class StolenWorkFilterTest {
    private static final int PIECES = 256;
    private static final int PIECE_SIZE = 16 * 1024;
    /** The pieces the second cluster lacks at the start: most members' shares are held by one of them. */
    private static final int MISSING = 16;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void noPieceTheClusterHeldCrossesTheWan(long seed) {
        Group group = SimData.clusters(1, 10);
        int holder = SimData.member(group, 1, 9);
        BitSet held = new BitSet();
        held.set(0, PIECES - MISSING);
        IntFunction<BitSet> possession = m -> m == 0 ? full() : m == holder ? (BitSet) held.clone() : new BitSet();

        SimResult result = SimNetwork.builder(group, new RobberProtocol())
                .options(ProtocolOptions.defaults(seed))
                .pieces(PIECES, PIECE_SIZE)
                .possession(possession)
                .seed(seed)
                .run()
                .assertAllComplete();

        long wanPieces = 0;
        for (int m : group.collective(group.member(holder).cluster())) {
            wanPieces += result.node(m).piecesFromGlobal();
        }
        assertThat(wanPieces).as("pieces the second cluster fetched over the WAN").isEqualTo(MISSING);
        assertThat(result.total(NodeStats::duplicates)).as("duplicate pieces").isZero();
    }

    private static BitSet full() {
        BitSet all = new BitSet();
        all.set(0, PIECES);
        return all;
    }
}

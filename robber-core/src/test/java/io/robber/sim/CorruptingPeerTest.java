package io.robber.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import org.junit.jupiter.api.Test;

/**
 * A member that sends wrong bytes for its pieces, in virtual time: every piece it sends fails its
 * digest at the receiver, is asked for elsewhere, and after the bad-piece limit the sender is
 * banned from the operation; a piece whose only source sends it bad fails the operation at once,
 * naming the piece, instead of leaving the receivers waiting until the caller's timeout.
 */
class CorruptingPeerTest {
    private static final int PIECES = 64;
    private static final int LIMIT = 3;

    @Test
    void aCorruptingRelayIsBannedAndEveryHonestMemberEndsWithEveryPiece() {
        Group group = SimData.clusters(3, 4);
        int hostile = 4;
        SimResult result = RootRuns.robber(group, PIECES, 7)
                .corrupting(hostile)
                .badPieceLimit(LIMIT)
                .run()
                .assertSurvivorsComplete(hostile);

        String id = group.member(hostile).id();
        assertThat(result.disconnects()).filteredOn(d -> d.contains("dropped " + id + ": banned"))
                .isNotEmpty()
                .allSatisfy(d -> assertThat(d).contains("sent " + LIMIT + " pieces that failed their digest check"));
        for (int m = 0; m < group.size(); m++) {
            // Only the hostile member sends bad pieces, and no receiver takes more than the limit from it.
            assertThat(result.node(m).piecesRejected()).isLessThanOrEqualTo(LIMIT);
        }
        assertThat(result.total(NodeStats::piecesRejected)).isGreaterThanOrEqualTo(LIMIT);
    }

    @Test
    void aRootThatSendsBadBytesFailsTheOperationNamingThePiece() {
        Group group = SimData.clusters(2, 2);
        SimResult result = RootRuns.robber(group, PIECES, 3)
                .corrupting(0)
                .badPieceLimit(LIMIT)
                .run();

        String root = group.member(0).id();
        for (int m = 1; m < group.size(); m++) {
            assertThat(result.holds(m).cardinality()).isZero();
        }
        assertThat(result.failures()).anySatisfy(f -> assertThat(f)
                .containsPattern("piece \\d+ \\(bytes \\d+-\\d+ of the data set\\) failed its digest check from member "
                        + root + ", its only source"));
        assertThat(result.disconnects()).noneMatch(d -> d.contains("banned"));
        // Without the rule no member asks again and the run ends in a reported deadlock, the receivers waiting forever.
        assertThat(result.failures()).hasSizeGreaterThanOrEqualTo(group.size() - 1);
    }
}

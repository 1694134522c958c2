package io.robber.sim;

import io.robber.api.ProtocolOptions;
import io.robber.robber.RobberProtocol;
import io.robber.testkit.HostileScenarios;
import org.junit.jupiter.api.Test;

/**
 * Issue 14, item 9, for Robber: a hostile member of the root's cluster, a global peer of some of the
 * ten receivers of the second cluster (more than N + 1, so that some possessions arrive relayed),
 * forges floods, steals and pieces ({@link HostileScenarios}). Each forgery made the old code hang
 * or fail; now every honest member ends with every piece.
 */
class HostilePeerTest {
    private final HostileScenarios scenarios = new HostileScenarios(SimData.clusters(2, 10), new RobberProtocol(),
            ProtocolOptions.defaults(7));

    /** A false done naming every member: the root used to stop serving at once. */
    @Test
    void aFalseDoneEndsNobodyEarly() {
        scenarios.aFalseDoneEndsNobodyEarly();
    }

    /** Every receiver holds everything, says the liar: the second cluster used to drop all its work. */
    @Test
    void aFalsePossessionClearsNoCollectivesWork() {
        scenarios.aFalsePossessionClearsNoCollectivesWork();
    }

    /** Steals and found-work from another cluster: the victims used to hand over work that was lost. */
    @Test
    void aStealFromANonLocalMemberTakesNoWork() {
        scenarios.aStealFromANonLocalMemberTakesNoWork();
    }

    /** Deaths of live members, told to themselves and to their neighbours: they used to give up. */
    @Test
    void aFalseDeathKillsNobody() {
        scenarios.aFalseDeathKillsNobody();
    }

    /** Pieces nobody asked for, which the liar does not even hold: they used to be stored. */
    @Test
    void unrequestedPiecesAreRefused() {
        scenarios.unrequestedPiecesAreRefused();
    }
}

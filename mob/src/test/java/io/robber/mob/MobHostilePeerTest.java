package io.robber.mob;

import io.robber.api.ProtocolOptions;
import io.robber.sim.SimData;
import io.robber.testkit.HostileScenarios;
import org.junit.jupiter.api.Test;

/**
 * Issue 14, item 9, for MOB, which shares Robber's floods, piece exchange and collective engine: the
 * same forgeries ({@link HostileScenarios}) leave every honest member with every piece. Clusters of
 * equal size, since MOB's static work needs a global peer for every member's share.
 */
class MobHostilePeerTest {
    private final HostileScenarios scenarios = new HostileScenarios(SimData.clusters(8, 8), new MobProtocol(),
            ProtocolOptions.defaults(7));

    @Test
    void aFalseDoneEndsNobodyEarly() {
        scenarios.aFalseDoneEndsNobodyEarly();
    }

    @Test
    void aFalsePossessionClearsNoCollectivesWork() {
        scenarios.aFalsePossessionClearsNoCollectivesWork();
    }

    /** MOB does not steal: steals and found-work are refused as messages it does not expect. */
    @Test
    void aStealFromANonLocalMemberTakesNoWork() {
        scenarios.aStealFromANonLocalMemberTakesNoWork();
    }

    @Test
    void aFalseDeathKillsNobody() {
        scenarios.aFalseDeathKillsNobody();
    }

    @Test
    void unrequestedPiecesAreRefused() {
        scenarios.unrequestedPiecesAreRefused();
    }
}

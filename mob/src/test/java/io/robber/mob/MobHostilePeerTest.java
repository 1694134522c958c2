package io.robber.mob;

import io.robber.api.ProtocolOptions;
import io.robber.sim.SimData;
import io.robber.testkit.HostileScenarios;

/**
 * Issue 14, item 9, for MOB, which shares Robber's floods, piece exchange and collective engine: the
 * same forgeries ({@link HostileScenarios}, whose tests this runs) leave every honest member with
 * every piece. MOB does not steal: steals and found-work are refused as messages it does not expect.
 * Clusters of equal size, since MOB's static work needs a global peer for every member's share.
 */
class MobHostilePeerTest extends HostileScenarios {
    MobHostilePeerTest() {
        super(SimData.clusters(8, 8), new MobProtocol(), ProtocolOptions.defaults(7));
    }
}

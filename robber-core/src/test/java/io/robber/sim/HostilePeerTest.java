package io.robber.sim;

import io.robber.api.ProtocolOptions;
import io.robber.robber.RobberProtocol;
import io.robber.testkit.HostileScenarios;

/**
 * Issue 14, item 9, for Robber: a hostile member of the root's cluster, a global peer of some of the
 * ten receivers of the second cluster (more than N + 1, so that some possessions arrive relayed),
 * forges floods, steals and pieces ({@link HostileScenarios}, whose tests this runs). Each forgery
 * made the old code hang or fail; now every honest member ends with every piece.
 */
class HostilePeerTest extends HostileScenarios {
    HostilePeerTest() {
        super(SimData.clusters(2, 10), new RobberProtocol(), ProtocolOptions.defaults(7));
    }
}

package io.robber.sim;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.robber.RobberProtocol;

/** Robber runs in virtual time in which member 0, the root, holds every piece at the start. */
final class RootRuns {
    private RootRuns() {
    }

    /** {@code pieces} pieces of 4 KiB; {@code seed} seeds both the protocol's options and the run. */
    static SimBuilder robber(Group group, int pieces, long seed) {
        return SimNetwork.builder(group, new RobberProtocol())
                .options(ProtocolOptions.defaults(seed))
                .pieces(pieces, 4096)
                .possession(SimData.roots(pieces, 0))
                .seed(seed);
    }
}

package io.robber.robber;

import io.robber.api.Group;
import io.robber.collective.CollectiveEngine;
import io.robber.collective.CollectivePeerGraph;
import io.robber.collective.RootCollectives;
import io.robber.collective.Succession;
import io.robber.collective.WorkShares;
import io.robber.engine.EngineContext;
import io.robber.engine.PeerGraph;
import io.robber.engine.Protocol;
import io.robber.engine.ProtocolEngine;
import io.robber.api.ProtocolOptions;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * Robber (den Burger & Kielmann, §3.1): cluster collectives that steal data from peer clusters and
 * steal work from each other.
 */
public final class RobberProtocol implements Protocol {
    public static final String NAME = "robber";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PeerGraph peerGraph(Group group, ProtocolOptions options) {
        return CollectivePeerGraph.generate(group, options.peers(), options.seed());
    }

    @Override
    public Optional<String> checkPossession(Group group, PeerGraph graph, ProtocolOptions options,
                                            List<BitSet> possessions, int pieceCount) {
        return RootCollectives.check(group, possessions, pieceCount);
    }

    @Override
    public ProtocolEngine newEngine(EngineContext ctx, PeerGraph graph, ProtocolOptions options, BitSet possession) {
        Group group = ctx.group();
        int self = ctx.self();
        BitSet work = WorkShares.share(group.rank(self), group.collectiveOf(self).size(), ctx.manifest().pieceCount());
        return new CollectiveEngine(ctx, possession, work, options.maxOutstanding(), true,
                Succession.splitAmongSurvivors(group, self, ctx.manifest().pieceCount()));
    }
}

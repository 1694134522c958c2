package io.robber.mob;

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
 * MOB, Robber's predecessor: the same collectives, peer graph and desire-filtered announcements,
 * but a static equal division of the work and no stealing.
 *
 * <p>Without stealing, work given to a node that has no global peer could never be fetched, so the
 * work is divided among the members of a collective that have at least one global peer.
 */
public final class MobProtocol implements Protocol {
    public static final String NAME = "mob";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PeerGraph peerGraph(Group group, ProtocolOptions options) {
        return CollectivePeerGraph.generate(group, options.peers(), options.seed());
    }

    /**
     * Besides a root collective, MOB needs every piece to reach every cluster through the static work
     * division (see {@link StaticWorkCoverage}); otherwise it would deadlock, so it fails fast instead.
     */
    @Override
    public Optional<String> checkPossession(Group group, PeerGraph graph, ProtocolOptions options,
                                            List<BitSet> possessions, int pieceCount) {
        return RootCollectives.check(group, possessions, pieceCount)
                .or(() -> StaticWorkCoverage.check(group, graph, m -> work(group, graph, m, pieceCount), possessions,
                        pieceCount));
    }

    @Override
    public ProtocolEngine newEngine(EngineContext ctx, PeerGraph graph, ProtocolOptions options, BitSet possession) {
        BitSet work = work(ctx.group(), graph, ctx.self(), ctx.manifest().pieceCount());
        return new CollectiveEngine(ctx, possession, work, options.maxOutstanding(), false,
                Succession.everyMemberTakesAll(ctx.manifest().pieceCount()));
    }

    /** The static work of {@code member}: an equal share among the members of its collective with a global peer. */
    static BitSet work(Group group, PeerGraph graph, int member, int pieceCount) {
        List<Integer> workers = group.collectiveOf(member).stream()
                .filter(m -> hasGlobalPeer(group, graph, m))
                .toList();
        int rank = workers.indexOf(member);
        return rank < 0 ? new BitSet() : WorkShares.share(rank, workers.size(), pieceCount);
    }

    private static boolean hasGlobalPeer(Group group, PeerGraph graph, int member) {
        return graph.neighbours(member).stream().anyMatch(p -> !group.sameCluster(member, p));
    }
}

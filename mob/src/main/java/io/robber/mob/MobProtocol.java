package io.robber.mob;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.collective.CollectivePlan;
import io.robber.collective.CollectivePolicy;
import io.robber.collective.Succession;
import io.robber.collective.WorkShares;
import io.robber.engine.PeerGraph;
import io.robber.engine.OptionNames;
import io.robber.engine.Protocol;
import io.robber.exchange.ExchangeTuning;
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

    private static final CollectivePolicy POLICY = new CollectivePolicy() {
        @Override
        public BitSet work(Group group, PeerGraph graph, int member, int pieceCount) {
            return MobProtocol.work(group, graph, member, pieceCount);
        }

        @Override
        public boolean stealing() {
            return false;
        }

        @Override
        public Succession succession(Group group, PeerGraph graph, int self, int pieceCount) {
            return Succession.everyMemberTakesAll(pieceCount);
        }

        /**
         * Besides a root collective, MOB needs every piece to reach every cluster through the static work
         * division (see {@link StaticWorkCoverage}); otherwise it would deadlock, so it fails fast instead.
         */
        @Override
        public Optional<String> checkPossession(Group group, PeerGraph graph, List<BitSet> possessions,
                                                int pieceCount) {
            return StaticWorkCoverage.check(group, graph, m -> work(group, graph, m, pieceCount), possessions,
                    pieceCount);
        }
    };

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CollectivePlan plan(Group group, ProtocolOptions options) {
        return CollectivePlan.of(group, options, POLICY);
    }

    @Override
    public List<OptionNames> optionNames() {
        return List.of(ExchangeTuning.OPTIONS);
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

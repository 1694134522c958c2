package io.robber.robber;

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

/**
 * Robber (den Burger & Kielmann, §3.1): cluster collectives that steal data from peer clusters and
 * steal work from each other.
 */
public final class RobberProtocol implements Protocol {
    public static final String NAME = "robber";

    /** Equal work shares (§3.1), work stealing, and the dead members' work split among the survivors. */
    private static final CollectivePolicy POLICY = new CollectivePolicy() {
        @Override
        public BitSet work(Group group, PeerGraph graph, int member, int pieceCount) {
            return WorkShares.share(group.rank(member), group.collectiveOf(member).size(), pieceCount);
        }

        @Override
        public boolean stealing() {
            return true;
        }

        @Override
        public boolean relaying() {
            return true;
        }

        @Override
        public Succession succession(Group group, PeerGraph graph, int self, int pieceCount) {
            return Succession.splitAmongSurvivors(group, self, pieceCount);
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
}

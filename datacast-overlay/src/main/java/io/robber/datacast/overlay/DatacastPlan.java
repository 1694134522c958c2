package io.robber.datacast.overlay;

import io.robber.engine.EngineContext;
import io.robber.engine.MessageCodec;
import io.robber.engine.PeerGraph;
import io.robber.engine.ProtocolEngine;
import io.robber.engine.ProtocolPlan;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * What {@code datacast} makes of a group: the overlay trees and a peer graph that connects every
 * member to its two nearest member ancestors on each tree (its parent, and the one it re-parents to
 * if the parent dies).
 *
 * @param options the validated options
 * @param trees   the contracted Steiner trees, all rooted at the source; none for a group of one
 * @param graph   the peer graph
 */
record DatacastPlan(DatacastOptions options, List<OverlayTree> trees, PeerGraph graph) implements ProtocolPlan {

    DatacastPlan {
        trees = List.copyOf(trees);
    }

    static DatacastPlan of(int groupSize, DatacastOptions options, List<OverlayTree> trees) {
        PeerGraph.Builder graph = new PeerGraph.Builder(groupSize);
        for (OverlayTree tree : trees) {
            tree.connectAncestors(graph, 2);
        }
        return new DatacastPlan(options, trees, graph.build());
    }

    @Override
    public Optional<String> checkPossession(List<BitSet> possessions, int pieceCount) {
        return options.placement().sourceHoldsAll(DatacastProtocol.NAME, possessions, pieceCount);
    }

    @Override
    public ProtocolEngine newEngine(EngineContext context, BitSet possession) {
        return new DatacastEngine(context, this, possession);
    }

    @Override
    public Optional<MessageCodec<?>> messageCodec() {
        return Optional.of(InterestCodec.INSTANCE);
    }
}

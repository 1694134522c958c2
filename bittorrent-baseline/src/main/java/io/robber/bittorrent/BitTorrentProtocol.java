package io.robber.bittorrent;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.engine.EngineContext;
import io.robber.engine.MemberDistances;
import io.robber.engine.OptionNames;
import io.robber.engine.PeerGraph;
import io.robber.engine.Protocol;
import io.robber.engine.ProtocolEngine;
import io.robber.engine.ProtocolPlan;
import io.robber.exchange.ExchangeTuning;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * BitTorrent as a baseline: the cluster-blind swarm the Robber paper compares against (§2.5), and
 * the data-center variants of the Datacast paper (§6.3), BT-Cornet and BT-Optimized, selected with
 * {@code bittorrent.variant} (see {@link BitTorrentOptions}).
 */
public final class BitTorrentProtocol implements Protocol {
    public static final String NAME = "bittorrent";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ProtocolPlan plan(Group group, ProtocolOptions options) {
        BitTorrentOptions bt = BitTorrentOptions.of(options);
        PeerGraph graph = bt.variant() == BitTorrentOptions.Variant.OPTIMIZED
                ? NearestPeers.generate(group, options.get(MemberDistances.KEY).orElse(NearestPeers.clusters(group)),
                        bt.peers(), options.seed())
                : RandomMesh.generate(group, bt.peers(), options.seed());
        return new Plan(bt, graph);
    }

    @Override
    public List<OptionNames> optionNames() {
        return List.of(BitTorrentOptions.OPTIONS, ExchangeTuning.OPTIONS);
    }

    /** A swarm over a random (or, optimized, topology-aware) mesh. */
    private record Plan(BitTorrentOptions options, PeerGraph graph) implements ProtocolPlan {

        /** A connected swarm delivers from any placement in which every piece is held by some member. */
        @Override
        public Optional<String> checkPossession(List<BitSet> possessions, int pieceCount) {
            BitSet held = new BitSet();
            possessions.forEach(held::or);
            int missing = pieceCount - held.get(0, pieceCount).cardinality();
            return missing == 0 ? Optional.empty()
                    : Optional.of("bittorrent cannot deliver " + missing + " pieces that no member holds (first: piece "
                            + held.nextClearBit(0) + "): give every piece to at least one member");
        }

        @Override
        public ProtocolEngine newEngine(EngineContext ctx, BitSet possession) {
            return new BitTorrentEngine(ctx, possession, options);
        }
    }
}

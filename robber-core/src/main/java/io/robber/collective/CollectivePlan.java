package io.robber.collective;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.engine.EngineContext;
import io.robber.engine.MessageCodec;
import io.robber.engine.PeerGraph;
import io.robber.engine.ProtocolEngine;
import io.robber.engine.ProtocolPlan;
import io.robber.exchange.ExchangeTuning;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * The plan of a cluster-collective protocol over one group: the collective peer graph of §3.1, the
 * root-collective check of §3.3.2 (plus the policy's own) and {@link CollectiveEngine}s that divide,
 * steal and inherit work as the {@link CollectivePolicy} says.
 */
public final class CollectivePlan implements ProtocolPlan {
    private final Group group;
    private final Options options;
    private final CollectivePolicy policy;
    private final PeerGraph graph;

    /**
     * A collective protocol's options.
     *
     * @param peers    N, the local (and at most global) peers each node picks
     * @param seed     seeds the peer graph
     * @param exchange the piece exchange's tuning
     */
    public record Options(int peers, long seed, ExchangeTuning exchange) {
    }

    private CollectivePlan(Group group, Options options, CollectivePolicy policy) {
        this.group = group;
        this.options = options;
        this.policy = policy;
        this.graph = CollectivePeerGraph.generate(group, options.peers(), options.seed());
    }

    /** Validates {@code options} and generates the peer graph of {@code group}. */
    public static CollectivePlan of(Group group, ProtocolOptions options, CollectivePolicy policy) {
        return new CollectivePlan(group, new Options(options.peers(), options.seed(), ExchangeTuning.of(options)),
                policy);
    }

    @Override
    public Options options() {
        return options;
    }

    @Override
    public PeerGraph graph() {
        return graph;
    }

    @Override
    public Optional<String> checkPossession(List<BitSet> possessions, int pieceCount) {
        return RootCollectives.check(group, possessions, pieceCount)
                .or(() -> policy.checkPossession(group, graph, possessions, pieceCount));
    }

    @Override
    public ProtocolEngine newEngine(EngineContext ctx, BitSet possession) {
        int pieceCount = ctx.manifest().pieceCount();
        return new CollectiveEngine(ctx, possession, policy.work(group, graph, ctx.self(), pieceCount),
                options.exchange(), policy.stealing(), policy.relaying(),
                policy.succession(group, graph, ctx.self(), pieceCount));
    }

    @Override
    public Optional<MessageCodec<?>> messageCodec() {
        return policy.relaying() ? Optional.of(new RelayMessage.Codec()) : Optional.empty();
    }
}

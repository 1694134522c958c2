package io.robber.engine;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * What a {@link Protocol} made of one group and its options, once, when a channel opens: the peer
 * graph, the possession check, the engine factory and the options validated into a typed record. Every
 * node makes the same plan from the same group and options. A plan is immutable and shared by all the
 * operations of a channel (and by every node of a simulated group).
 */
public interface ProtocolPlan {

    /** The protocol's options, validated into its own record. */
    Record options();

    /** The undirected peer graph, identical on every node for the same group and options. */
    PeerGraph graph();

    /**
     * Checks that the protocol can deliver everything over {@link #graph()} from this initial placement
     * of pieces ({@code possessions} by member index); returns the problem in one line if it cannot.
     */
    Optional<String> checkPossession(List<BitSet> possessions, int pieceCount);

    /** A fresh engine for one node and one operation. */
    ProtocolEngine newEngine(EngineContext context, BitSet possession);

    /** The codec of the protocol's own messages, if it has any (see {@link MessageCodec}). */
    default Optional<MessageCodec<?>> messageCodec() {
        return Optional.empty();
    }
}

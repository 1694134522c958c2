package io.robber.engine;

import io.robber.api.ProtocolOptions;
import io.robber.api.Group;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * A multicast protocol, found by name through {@link java.util.ServiceLoader}. Adding a protocol is
 * adding a module that provides this service.
 */
public interface Protocol {

    /** The name users select it by, e.g. {@code robber}. */
    String name();

    /** The undirected peer graph, identical on every node for the same group and options. */
    PeerGraph peerGraph(Group group, ProtocolOptions options);

    /**
     * Checks that the protocol can deliver everything over {@code graph} from this initial placement
     * of pieces ({@code possessions} by member index), with the options {@code graph} was made with;
     * returns the problem in one line if it cannot.
     */
    Optional<String> checkPossession(Group group, PeerGraph graph, ProtocolOptions options, List<BitSet> possessions,
                                     int pieceCount);

    /** A fresh engine for one node and one operation. */
    ProtocolEngine newEngine(EngineContext context, PeerGraph graph, ProtocolOptions options, BitSet possession);
}

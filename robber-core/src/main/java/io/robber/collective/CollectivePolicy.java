package io.robber.collective;

import io.robber.api.Group;
import io.robber.engine.PeerGraph;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * What distinguishes one cluster-collective protocol from another (Robber from MOB): how the work is
 * divided at the start, whether idle members steal work, and who succeeds dead members.
 */
public interface CollectivePolicy {

    /** The initial work of {@code member}: the pieces it fetches from its global peers. */
    BitSet work(Group group, PeerGraph graph, int member, int pieceCount);

    /** Whether unemployed members steal work from local peers (Robber) or not (MOB). */
    boolean stealing();

    /**
     * Whether members relay between clusters (Robber): they hear of every piece their global peers
     * hold, request from a global peer first what no other global peer holds, their cluster's class of
     * pieces first ({@link OnlySourceFirst}, {@link PieceClasses}), and wish for work their global
     * peers hold ({@link WorkWishes}).
     */
    default boolean relaying() {
        return false;
    }

    /** Who takes over the work of dead members, seen from {@code self}. */
    Succession succession(Group group, PeerGraph graph, int self, int pieceCount);

    /**
     * What the protocol checks of the initial placement besides a root collective; empty when it can
     * deliver, else the problem in one line.
     */
    default Optional<String> checkPossession(Group group, PeerGraph graph, List<BitSet> possessions, int pieceCount) {
        return Optional.empty();
    }
}

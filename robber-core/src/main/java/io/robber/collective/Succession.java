package io.robber.collective;

import io.robber.api.Group;
import java.util.BitSet;
import java.util.List;

/**
 * Who takes over the work of dead members of a collective. The papers assume members never fail; but
 * a collective relies on each member to fetch its work from other clusters, so work that dies with a
 * member would never arrive and the collective would never complete. A node takes over its
 * inheritance once it is idle, less what it holds, awaits or a live local neighbour offers (see
 * {@link CollectiveEngine}).
 */
@FunctionalInterface
public interface Succession {

    /** What {@code member} takes over now that the {@code dead} died; empty when it inherits nothing. */
    BitSet inheritance(int member, BitSet dead);

    /**
     * Robber's succession. Stealing moves work anywhere in the collective, so nobody knows what a
     * dead member held: once a member of the collective died every piece is an orphan. Every survivor
     * computes the same heirs (the live members) from the same dead set, so they split the orphans
     * without talking: heir r of h takes the r-th of h near-equal runs, as the equal work shares of
     * §3.1 do. An heir without global peers passes its inheritance on by being stolen from, like any
     * work. Cost: a piece is fetched twice over the wide area at most, when its heir goes idle while
     * another member is still fetching it.
     */
    static Succession splitAmongSurvivors(Group group, int self, int pieceCount) {
        List<Integer> collective = group.collectiveOf(self);
        return (member, dead) -> {
            BitSet share = new BitSet();
            if (collective.stream().noneMatch(dead::get)) {
                return share;
            }
            List<Integer> heirs = collective.stream().filter(m -> !dead.get(m)).toList();
            int rank = heirs.indexOf(member);
            if (rank >= 0) {
                share.or(WorkShares.share(rank, heirs.size(), pieceCount));
            }
            return share;
        };
    }

    /**
     * MOB's succession. Without stealing, work cannot move to a member able to fetch it, and a death
     * anywhere can cut the only path by which a member's static work reached its cluster. So after any
     * death every member takes over every piece it still misses when idle; whichever members can
     * fetch a piece do. Cost: up to one wide-area transfer per member of the collective for each piece
     * still missing when they go idle.
     */
    static Succession everyMemberTakesAll(int pieceCount) {
        return (member, dead) -> {
            BitSet all = new BitSet();
            if (!dead.isEmpty()) {
                all.set(0, pieceCount);
            }
            return all;
        };
    }
}

package io.robber.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.sim.PieceTrace;
import io.robber.sim.SimBuilder;
import io.robber.sim.SimResult;
import io.robber.wire.MessageType;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.IntPredicate;
import java.util.function.Supplier;

/**
 * Pieces pushed by a member that is not their sender on the protocol's plan, for protocols whose
 * plan fixes who sends each member each piece (trees): a run has {@code hostile} push pieces to its
 * neighbours at the start. Each forged piece its receiver may not take from {@code hostile} must be
 * refused before its digest is checked, and every member must still end with every piece. Which may
 * not: those an honest run does not deliver from {@code hostile}, or those a predicate rules out.
 */
public final class ForgedPieces {
    private ForgedPieces() {
    }

    /**
     * @param run    a fresh builder of the same run each time
     * @param pieces how many of the first pieces {@code hostile} pushes to each neighbour
     * @return how many forged pieces were refused (at least one, or the check proves nothing)
     */
    public static long assertRefusedUnlessFromTheUpstream(Supplier<SimBuilder> run, Group group, int hostile,
                                                          List<Integer> neighbours, int pieces) {
        Set<List<Integer>> honest = new HashSet<>();
        run.get().trace(deliveries(honest)).run().assertAllComplete();
        Set<List<Integer>> taken = new HashSet<>();
        long refused = assertRefused(run.get().trace(deliveries(taken)), group, hostile, neighbours, pieces,
                (n, piece) -> !honest.contains(List.of(hostile, n, piece)));
        assertThat(taken).as("deliveries (from, to, piece) an honest run does not make").isSubsetOf(honest);
        return refused;
    }

    /**
     * The same for protocols that take a piece from whoever may push it, whether or not it does in an
     * honest run (any tree ancestor, a ring predecessor that repairs): every forged piece to a neighbour
     * that {@code hostile} may not push to must be refused, and no other.
     *
     * @param mayPushTo the neighbours {@code hostile} may push pieces to
     */
    public static long assertRefusedUnlessAllowed(Supplier<SimBuilder> run, Group group, int hostile,
                                                  List<Integer> neighbours, int pieces, IntPredicate mayPushTo) {
        return assertRefused(run.get(), group, hostile, neighbours, pieces, (n, piece) -> !mayPushTo.test(n));
    }

    /** Forges the pieces on {@code b} and checks that exactly those {@code refusable} names are refused. */
    private static long assertRefused(SimBuilder b, Group group, int hostile, List<Integer> neighbours, int pieces,
                                      BiPredicate<Integer, Integer> refusable) {
        long expectedRefusals = 0;
        for (int n : neighbours) {
            for (int piece = 0; piece < pieces; piece++) {
                b.forgePiece(0, hostile, n, piece);
                if (refusable.test(n, piece)) {
                    expectedRefusals++;
                }
            }
        }
        SimResult result = b.run().assertAllComplete();
        long refused = 0;
        for (int m = 0; m < group.size(); m++) {
            refused += result.node(m).messagesRejected(MessageType.PIECE);
        }
        assertThat(expectedRefusals).as("forged pieces from a member that may not push them").isPositive();
        assertThat(refused).as("forged pieces refused").isEqualTo(expectedRefusals);
        return refused;
    }

    private static PieceTrace deliveries(Set<List<Integer>> into) {
        return (nanos, from, to, piece) -> into.add(List.of(from, to, piece));
    }
}

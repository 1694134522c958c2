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
import java.util.function.Supplier;

/**
 * Pieces pushed by a member that is not their sender on the protocol's plan, for protocols whose
 * plan fixes who sends each member each piece (trees): an honest run records every delivery, then a
 * second run has {@code hostile} push pieces to its neighbours at the start. Each forged piece its
 * receiver would not have taken from {@code hostile} in the honest run must be refused before its
 * digest is checked, and every member must still end with every piece.
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
        SimBuilder b = run.get().trace(deliveries(taken));
        long expectedRefusals = 0;
        for (int n : neighbours) {
            for (int piece = 0; piece < pieces; piece++) {
                b.forgePiece(0, hostile, n, piece);
                if (!honest.contains(List.of(hostile, n, piece))) {
                    expectedRefusals++;
                }
            }
        }
        SimResult result = b.run().assertAllComplete();

        assertThat(taken).as("deliveries (from, to, piece) an honest run does not make").isSubsetOf(honest);
        long refused = 0;
        for (int m = 0; m < group.size(); m++) {
            refused += result.node(m).messagesRejected(MessageType.PIECE);
        }
        assertThat(expectedRefusals).as("forged pieces from a member that is not their upstream").isPositive();
        assertThat(refused).as("forged pieces refused").isEqualTo(expectedRefusals);
        return refused;
    }

    private static PieceTrace deliveries(Set<List<Integer>> into) {
        return (nanos, from, to, piece) -> into.add(List.of(from, to, piece));
    }
}

package io.robber.sim;

/**
 * Sees every piece request and every piece a {@link SimNetwork} delivers, in virtual time: for timelines of a run (when the
 * first wide-area piece reaches each cluster, how long the last pieces take) without changing it.
 */
@FunctionalInterface
public interface PieceTrace {
    /** {@code piece} from member {@code from} arrived at member {@code to} at virtual time {@code nanos}. */
    void delivered(long nanos, int from, int to, int piece);

    /** Member {@code from} sent member {@code to} a request for {@code piece} at virtual time {@code nanos}. */
    default void requested(long nanos, int from, int to, int piece) {
    }
}

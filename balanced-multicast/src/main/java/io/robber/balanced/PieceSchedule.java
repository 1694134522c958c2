package io.robber.balanced;

import java.util.Arrays;

/**
 * Which tree and which strand of it carries each piece: the data split across the trees in
 * proportion to their rates (smooth weighted round robin, so every tree's pieces are spread over the
 * whole data set), and each tree's pieces dealt round its strands with a stride coprime to their
 * number, so that consecutive pieces take different members' NICs.
 */
final class PieceSchedule {
    /** Odd, so coprime with {@link Overlay#STRANDS} (a power of two); about STRANDS / φ. */
    private static final int STRIDE = 633;

    private final int[] tree;
    private final int[] strand;
    private final int[][] piecesOf;

    private PieceSchedule(int[] tree, int[] strand, int[][] piecesOf) {
        this.tree = tree;
        this.strand = strand;
        this.piecesOf = piecesOf;
    }

    /** Splits {@code pieceCount} pieces over trees with these rates (all finite, or a single tree). */
    static PieceSchedule split(double[] rates, int pieceCount) {
        int trees = rates.length;
        int[] tree = new int[pieceCount];
        int[] strand = new int[pieceCount];
        int[] counts = new int[trees];
        double total = Double.isFinite(Arrays.stream(rates).sum()) ? Arrays.stream(rates).sum() : 0;
        double[] credit = new double[trees];
        for (int p = 0; p < pieceCount; p++) {
            int best = 0;
            if (total > 0) {
                for (int t = 0; t < trees; t++) {
                    credit[t] += rates[t];
                    if (credit[t] > credit[best]) {
                        best = t;
                    }
                }
                credit[best] -= total;
            }
            tree[p] = best;
            strand[p] = (int) ((long) counts[best] * STRIDE % Overlay.STRANDS);
            counts[best]++;
        }
        int[][] piecesOf = new int[trees][];
        int[] filled = new int[trees];
        for (int t = 0; t < trees; t++) {
            piecesOf[t] = new int[counts[t]];
        }
        for (int p = 0; p < pieceCount; p++) {
            piecesOf[tree[p]][filled[tree[p]]++] = p;
        }
        return new PieceSchedule(tree, strand, piecesOf);
    }

    int tree(int piece) {
        return tree[piece];
    }

    int strand(int piece) {
        return strand[piece];
    }

    /** The pieces of {@code tree}, ascending; read-only. */
    int[] piecesOf(int tree) {
        return piecesOf[tree];
    }
}

package io.robber.datacast.overlay;

/**
 * How the data is dealt to the trees: a block is a run of {@code blockPieces} pieces, and block b goes
 * on tree b mod k, as the fabric's {@code DatacastTransfer} deals packets. Every receiver asks for a
 * tree's pieces in ascending order.
 *
 * @param blockPieces pieces per block
 * @param trees       k, at least 1
 * @param pieceCount  the data set's pieces
 */
record PieceBlocks(int blockPieces, int trees, int pieceCount) {

    /** The tree piece {@code piece} goes on. */
    int tree(int piece) {
        return (piece / blockPieces) % trees;
    }

    /** The first piece of tree {@code tree} at or after {@code piece}; {@link #pieceCount()} if none. */
    int nextOnTree(int tree, int piece) {
        int block = piece / blockPieces;
        int shift = Math.floorMod(tree - block, trees);
        if (shift == 0) {
            return Math.min(piece, pieceCount);
        }
        long next = (long) (block + shift) * blockPieces;
        return (int) Math.min(next, pieceCount);
    }
}

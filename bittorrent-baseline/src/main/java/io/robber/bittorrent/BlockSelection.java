package io.robber.bittorrent;

import io.robber.exchange.PieceExchange;
import io.robber.exchange.PieceSelection;
import java.util.BitSet;

/**
 * Cornet's large blocks: the unit a node picks is a block of {@code blockPieces} consecutive pieces,
 * and all of a block's pieces are requested from one peer, in order, a request window at a time.
 * A block is taken only while no other peer has requests in it; a node keeps fetching the block it
 * has requests in from that peer before it takes another. Which block is taken is decided by the
 * piece {@code firstPiece} picks among the free candidates (at random, or rarest-first).
 *
 * <p>In the end game every piece is pending somewhere, so the blocks give way to {@code firstPiece}.
 */
final class BlockSelection implements PieceSelection {
    private final int blockPieces;
    private final PieceSelection firstPiece;

    BlockSelection(int blockPieces, PieceSelection firstPiece) {
        if (blockPieces < 1) {
            throw new IllegalArgumentException("a block holds at least one piece, got " + blockPieces);
        }
        this.blockPieces = blockPieces;
        this.firstPiece = firstPiece;
    }

    @Override
    public int pick(PieceExchange exchange, int peer, BitSet candidates, int available) {
        if (exchange.endGame()) {
            return firstPiece.pick(exchange, peer, candidates, available);
        }
        BitSet mine = exchange.outstanding(peer);
        for (int i = mine.nextSetBit(0); i >= 0; i = mine.nextSetBit(end(i))) {
            int next = candidates.nextSetBit(start(i));
            if (next >= 0 && next < end(i)) {
                return next;
            }
        }
        BitSet busy = (BitSet) exchange.pending().clone();
        busy.andNot(mine);
        BitSet free = (BitSet) candidates.clone();
        for (int i = busy.nextSetBit(0); i >= 0; i = busy.nextSetBit(end(i))) {
            free.clear(start(i), end(i));
        }
        int count = free.cardinality();
        if (count == 0) {
            return -1;
        }
        int chosen = firstPiece.pick(exchange, peer, free, count);
        return chosen < 0 ? -1 : free.nextSetBit(start(chosen));
    }

    private int start(int piece) {
        return piece / blockPieces * blockPieces;
    }

    private int end(int piece) {
        return start(piece) + blockPieces;
    }
}

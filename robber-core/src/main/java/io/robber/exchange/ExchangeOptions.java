package io.robber.exchange;

/**
 * How a {@link PieceExchange} behaves beyond the papers' common core.
 *
 * @param selection which piece to request next; {@code null} for the random choice of the papers
 * @param choking   BitTorrent's choking: requests are answered only for peers this node unchoked, a
 *                  node requests only from peers that unchoked it, and interest is announced as it
 *                  changes ({@link io.robber.wire.Message.Choke}, {@link io.robber.wire.Message.Interest});
 *                  the choking decision itself is the protocol's ({@link PieceExchange#choke})
 * @param endGame   BitTorrent's end game: once every missing piece is pending, a peer with room in its
 *                  request window is also asked for pieces pending elsewhere, so the last pieces do
 *                  not wait for the slowest peer (the later copy counts as a duplicate)
 */
public record ExchangeOptions(PieceSelection selection, boolean choking, boolean endGame) {
    /** What Robber and MOB use: random choice, no choking, no end game. */
    public static final ExchangeOptions PAPER = new ExchangeOptions(null, false, false);
}

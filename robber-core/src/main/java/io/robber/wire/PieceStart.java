package io.robber.wire;

/**
 * The header of a piece frame has arrived and its data follows: the peer is sending this node piece
 * {@code piece} of operation {@code op}. A large piece behind a slow or shared link can take longer
 * than the failure timeout to arrive whole; its header tells at once that the peer serves.
 */
public record PieceStart(int op, int piece) {
}

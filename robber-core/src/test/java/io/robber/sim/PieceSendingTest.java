package io.robber.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.transport.TransportOptions;
import org.junit.jupiter.api.Test;

/** {@link PieceSending}: as many pieces in flight per connection as the real transport allows, the rest waiting. */
class PieceSendingTest {
    private static final int LIMIT = TransportOptions.DEFAULT_PIECES_IN_FLIGHT;

    @Test
    void piecesBeyondTheLimitWaitAndFollowInOrderAsOthersLeave() {
        PieceSending sending = new PieceSending(new int[] {2, 1});
        for (int piece = 0; piece < LIMIT; piece++) {
            assertThat(sending.start(0, 1, 0, piece)).as("piece %d", piece).isTrue();
        }
        assertThat(sending.start(0, 1, 0, 10)).isFalse();
        assertThat(sending.start(0, 1, 0, 11)).isFalse();
        assertThat(sending.start(0, 0, 0, 20)).as("another connection of the same node").isTrue();

        assertThat(sending.sent(0, 1, 0)).isEqualTo(10);
        assertThat(sending.sent(0, 1, 0)).isEqualTo(11);
        for (int i = 0; i < LIMIT; i++) {
            assertThat(sending.sent(0, 1, 0)).isEqualTo(-1);
        }
        assertThat(sending.start(0, 1, 0, 12)).as("nothing in flight any more").isTrue();
    }

    @Test
    void aConnectionThatBrokeStartsAfreshAndItsOldPiecesAreForgotten() {
        PieceSending sending = new PieceSending(new int[] {1});
        for (int piece = 0; piece < LIMIT + 2; piece++) {
            sending.start(0, 0, 0, piece);
        }

        for (int piece = 0; piece < LIMIT; piece++) {
            assertThat(sending.start(0, 0, 1, 100 + piece)).as("epoch 1, piece %d", piece).isTrue();
        }
        assertThat(sending.sent(0, 0, 0)).as("a piece of epoch 0 left").isEqualTo(-1);
        assertThat(sending.start(0, 0, 1, 200)).isFalse();
        assertThat(sending.sent(0, 0, 1)).isEqualTo(200);
    }
}

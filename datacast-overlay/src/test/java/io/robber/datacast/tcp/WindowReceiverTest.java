package io.robber.datacast.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The receiver's selective ACK blocks (RFC 2018) and duplicate reports (RFC 2883). */
class WindowReceiverTest {
    private final SegmentWords words = new SegmentWords(7, 20);
    private final WindowReceiver receiver = new WindowReceiver(20, words);

    private int arrive(int sequence) {
        return receiver.onSegment(sequence, words.word(sequence));
    }

    @Test
    void inOrderSegmentsNeedNoBlocks() {
        assertThat(arrive(0)).isEqualTo(1);
        assertThat(receiver.sack(3)).isEmpty();
    }

    @Test
    void theFirstBlockHoldsTheSegmentJustArrivedThenTheHighestOnes() {
        for (int s : new int[] {0, 2, 3, 5, 8, 9, 12}) {
            arrive(s);
        }
        assertThat(receiver.cumulative()).isEqualTo(1);
        assertThat(receiver.sack(3)).containsExactly(12, 13, 8, 10, 5, 6);
        arrive(3);
        assertThat(receiver.sack(3)).as("a block is not repeated").containsExactly(2, 4, 12, 13, 8, 10);
        assertThat(receiver.sack(1)).containsExactly(2, 4);
    }

    @Test
    void aDuplicateBelowTheCumulativeAckIsReportedAlone() {
        arrive(0);
        arrive(1);
        arrive(4);
        assertThat(arrive(0)).isEqualTo(2);
        assertThat(receiver.sack(3)).containsExactly(0, 1, 4, 5);
        assertThat(receiver.duplicates()).isEqualTo(1);
    }
}

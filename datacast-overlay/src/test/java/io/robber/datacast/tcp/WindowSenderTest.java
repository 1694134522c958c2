package io.robber.datacast.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The window sender's limits and evictions, driven by hand. */
class WindowSenderTest {
    private static final long MS = 1_000_000L;
    /** Initial window 4, at most 6, RTO 10 ms to 1 s, eviction after 100 ms. */
    private static final TcpSettings SETTINGS = new TcpSettings(1000, 40, 4, 6, 10 * MS, 1000 * MS, 3, 100 * MS);

    private final List<Integer> sent = new ArrayList<>();
    private final List<Integer> evicted = new ArrayList<>();
    private final WindowSender.Output output = new WindowSender.Output() {
        @Override
        public void transmit(int sequence, boolean retransmission) {
            sent.add(sequence);
        }

        @Override
        public void evicted(int receiver) {
            evicted.add(receiver);
        }
    };

    @Test
    void theWindowGrowsNoFurtherThanItsLargest() {
        WindowSender sender = new WindowSender(100, new int[] {7}, SETTINGS, output);
        sender.start(0);
        assertThat(sent).containsExactly(0, 1, 2, 3);
        for (int acked = 1; acked <= 20; acked++) {
            sender.onAck(7, acked, acked * MS);
            assertThat(sent.get(sent.size() - 1) + 1 - acked).as("in flight after ACK %d", acked).isLessThanOrEqualTo(6);
        }
        assertThat(sender.window()).as("Reno's own window grew past the limit").isGreaterThan(6);
        assertThat(sent).hasSize(26).doesNotHaveDuplicates();
    }

    @Test
    void theSlowestReceiverHoldsTheWindowUntilItIsRemoved() {
        WindowSender sender = new WindowSender(10, new int[] {1, 2}, SETTINGS, output);
        sender.start(0);
        sender.onAck(1, 4, MS);
        assertThat(sender.base()).isZero();
        assertThat(sent).containsExactly(0, 1, 2, 3);
        sender.remove(2, 2 * MS);
        assertThat(sender.base()).isEqualTo(4);
        assertThat(sent).hasSizeGreaterThan(4);
        assertThat(evicted).as("a removed receiver is not reported").isEmpty();
    }

    /**
     * Only a receiver that owes an ACK for a segment sent is evicted: one that holds all that was sent
     * is not, however long the window waits; an excused one gets its period again from the excuse.
     */
    @Test
    void onlyAReceiverThatOwesAnAckIsEvicted() {
        WindowSender sender = new WindowSender(10, new int[] {1, 2, 3}, SETTINGS, output);
        sender.start(0);
        sender.onAck(1, 4, MS);
        sender.excuse(3, 50 * MS);
        sender.onTimer(100 * MS);
        assertThat(evicted).containsExactly(2);
        assertThat(sender.nextDeadline()).isLessThanOrEqualTo(150 * MS);
        sender.onTimer(150 * MS);
        assertThat(evicted).containsExactly(2, 3);
        assertThat(sender.evicted()).containsExactly(2, 3);
        assertThat(sender.base()).as("receiver 1 alone holds the window now").isEqualTo(4);
    }
}

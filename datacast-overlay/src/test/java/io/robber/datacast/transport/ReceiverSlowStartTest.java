package io.robber.datacast.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A receiver with a large w starts with the paper's 16 credits and doubles them every round. */
class ReceiverSlowStartTest {
    private final List<Interest> sent = new ArrayList<>();
    private final VirtualClock clock = new VirtualClock();

    @Test
    void aLargeWindowIsReachedBySlowStartNotSentAtOnce() {
        TransportSettings paper = TransportSettings.PAPER;
        TransportSettings settings = new TransportSettings(100, paper.cacheBytes(), paper.rateIncreaseBitsPerSecond(),
                paper.increaseIntervalNanos(), paper.initialRateBitsPerSecond(), paper.mtuBytes(), paper.headerBytes(),
                paper.minRetransmissionTimeoutNanos(), paper.cacheReplacement());
        Receiver receiver = new Receiver(packet -> sent.add((Interest) packet.payload()), clock,
                new int[] {0}, BlockSchedule.single(0, 1_000), settings, new Holdings(clock, 1_000, 1_000, () -> { }),
                HandOffSignals.NONE, data -> { });

        receiver.start();
        assertThat(sent).as("the first round").hasSize(Receiver.INITIAL_WINDOW);

        List<Integer> rounds = new ArrayList<>();
        for (int round = 0; round < 4; round++) {
            List<Interest> out = List.copyOf(sent);
            sent.clear();
            out.forEach(interest -> receiver.onData(new Data(interest.name(), false)));
            rounds.add(sent.size());
        }
        assertThat(rounds).as("interests in flight after each round").containsExactly(32, 64, 100, 100);
    }
}

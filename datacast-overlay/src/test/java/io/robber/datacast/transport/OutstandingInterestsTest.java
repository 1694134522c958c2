package io.robber.datacast.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A receiver's outstanding interests: an interest overtaken three times is sent again at once
 * (fast retransmit), answers to retransmitted interests do not count as overtaking, and a round
 * trip measured moves the deadlines of the interests already out.
 */
class OutstandingInterestsTest {
    private static final long FLOOR = 10_000_000L;
    private final VirtualClock clock = new VirtualClock();
    private final List<Integer> resent = new ArrayList<>();
    private final OutstandingInterests outstanding = new OutstandingInterests(clock, 16, 100, FLOOR, resent::add);

    private void sendAll(int... positions) {
        for (int position : positions) {
            outstanding.sent(position);
        }
    }

    private void runUntil(long nanos) {
        while (!clock.idle() && clock.nextTime() <= nanos) {
            clock.step();
        }
    }

    @Test
    void anInterestOvertakenThreeTimesIsSentAgainAtOnce() {
        sendAll(0, 1, 2, 3, 4);

        outstanding.answered(1);
        outstanding.answered(2);
        assertThat(resent).isEmpty();
        outstanding.answered(3);

        assertThat(resent).containsExactly(0);
        assertThat(clock.now()).isZero();
    }

    @Test
    void answersToRetransmittedInterestsDoNotCountAsOvertaking() {
        sendAll(0, 1, 2, 3, 4, 5);
        outstanding.answered(1);
        outstanding.answered(2);
        outstanding.answered(3);
        assertThat(resent).containsExactly(0);
        outstanding.sent(0);

        outstanding.answered(0);

        assertThat(resent).as("4 and 5 are in flight, asked before 0 went again").containsExactly(0);
    }

    @Test
    void aMeasuredRoundTripBringsTheDeadlinesOfTheInterestsOutForward() {
        sendAll(0, 1);
        clock.schedule(100_000L, () -> { });
        runUntil(100_000L);
        outstanding.answered(1);

        runUntil(FLOOR + 1);

        assertThat(resent).as("the floor, not the initial ten floors").containsExactly(0);
    }
}

package io.robber.datacast.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The multicast sender's repairs with selective ACKs, on a toy network in virtual time: every
 * transmission reaches every receiver 10 µs after the one before it unless a rule drops that copy;
 * ACKs are never lost and arrive at once.
 */
class MulticastSackTest {
    private static final long MS = 1_000_000L;
    private static final long STEP = 10_000L;
    /** Initial window 4, no largest, RTO 1 ms to 1 s, eviction after 1 s. */
    private static final TcpSettings SETTINGS = new TcpSettings(1000, 40, 4, Integer.MAX_VALUE, MS, 1000 * MS, 3,
            1000 * MS, true);

    /** Whether receiver {@code receiver} loses copy {@code copy} (0: the first) of segment {@code sequence}. */
    private interface Drop {
        boolean test(int receiver, int sequence, int copy);
    }

    /** The toy network and the sender it runs. */
    private static final class Net implements WindowSender.Output {
        final int[] receivers;
        final SegmentWords words;
        final WindowReceiver[] ends;
        final Drop drop;
        final WindowSender sender;
        final Deque<Integer> inFlight = new ArrayDeque<>();
        final int[] copies;
        final List<Integer> resent = new ArrayList<>();
        /** Retransmissions of a segment every receiver already held. */
        int needless;
        long now;

        Net(int segments, int[] receivers, Drop drop) {
            this.receivers = receivers;
            this.words = new SegmentWords(1, segments);
            this.ends = new WindowReceiver[receivers.length];
            for (int i = 0; i < receivers.length; i++) {
                ends[i] = new WindowReceiver(segments, words);
            }
            this.drop = drop;
            this.copies = new int[segments];
            this.sender = new WindowSender(segments, receivers, SETTINGS, this);
        }

        @Override
        public void transmit(int sequence, boolean retransmission) {
            if (retransmission) {
                resent.add(sequence);
                boolean everyone = true;
                for (WindowReceiver end : ends) {
                    everyone &= end.holds(sequence);
                }
                needless += everyone ? 1 : 0;
            }
            inFlight.add(sequence);
        }

        @Override
        public void evicted(int receiver) {
            throw new AssertionError("evicted " + receiver);
        }

        /** Runs until every receiver holds everything or a second of virtual time. */
        Net run() {
            sender.start(0);
            while (!sender.done() && now < 1000 * MS) {
                if (inFlight.isEmpty()) {
                    now = Math.max(now, sender.nextDeadline());
                    sender.onTimer(now);
                    continue;
                }
                now += STEP;
                int sequence = inFlight.poll();
                int copy = copies[sequence]++;
                for (int i = 0; i < receivers.length; i++) {
                    if (!drop.test(receivers[i], sequence, copy)) {
                        int cumulative = ends[i].onSegment(sequence, words.word(sequence));
                        sender.onAck(receivers[i], cumulative, ends[i].sack(3), now);
                    }
                }
                if (now >= sender.nextDeadline()) {
                    sender.onTimer(now);
                }
            }
            assertThat(sender.done()).isTrue();
            for (WindowReceiver end : ends) {
                assertThat(end.verified()).isTrue();
            }
            return this;
        }
    }

    @Test
    void aHoleTwoReceiversShareIsSentAgainOnceAndNothingElseIs() {
        Net net = new Net(40, new int[] {1, 2, 3}, (r, s, copy) -> copy == 0 && (s == 5 && r != 2 || s == 9 && r == 2));
        net.run();
        assertThat(net.resent).containsExactly(5, 9);
        assertThat(net.sender.timeouts()).isZero();
        assertThat(net.sender.probes()).isZero();
    }

    @Test
    void aLostRetransmissionIsFoundByLaterSegmentsWithoutATimeout() {
        Net net = new Net(40, new int[] {1, 2}, (r, s, copy) -> r == 1 && s == 5 && copy < 2);
        net.run();
        assertThat(net.resent).containsExactly(5, 5);
        assertThat(net.sender.timeouts()).isZero();
    }

    @Test
    void theLastSegmentLostIsFoundByATailLossProbeNotATimeout() {
        Net net = new Net(40, new int[] {1, 2}, (r, s, copy) -> r == 2 && s == 39 && copy == 0);
        net.run();
        assertThat(net.sender.probes()).isEqualTo(1);
        assertThat(net.resent).containsExactly(39);
        assertThat(net.sender.timeouts()).isZero();
    }

    @Test
    void aTimeoutSendsAgainOnlyWhatSomeReceiverLacks() {
        Net net = new Net(40, new int[] {1, 2}, (r, s, copy) -> r == 2 && s == 39 && copy < 2);
        net.run();
        assertThat(net.resent).as("the probe, then the timeout's go-back-N from the lower edge")
                .containsExactly(39, 39);
        assertThat(net.sender.timeouts()).isEqualTo(1);
    }

    @Test
    void underRandomLossEveryReceiverEndsWithEverySegmentAndNothingIsResentThatAllHeld() {
        Random random = new Random(42);
        Net net = new Net(2000, new int[] {1, 2, 3, 4, 5}, (r, s, copy) -> random.nextDouble() < 0.05);
        net.run();
        assertThat(net.needless).isZero();
        // Each segment's first copy is lost by one of five receivers with probability 1 − 0.95^5 = 23 %, its
        // retransmission again by 5 %: about 480 retransmissions for 2000 segments.
        assertThat(net.sender.retransmissions()).isBetween(300L, 700L);
        assertThat(net.sender.timeouts()).isLessThan(5);
    }
}

package io.robber.datacast.mctcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.tcp.RtoEstimator;
import io.robber.datacast.tcp.TcpSettings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The SYNs of MCTCP's session establishment, sent again on the retransmission timeout; driven by hand. */
class HandshakeTest {
    private static final long US = 1_000L;
    private static final long MS = 1_000 * US;
    /** RTO from 1 ms (10 ms before any sample) to 1 s; a receiver given up after 100 ms. */
    private static final TcpSettings SETTINGS = new TcpSettings(1000, 40, 4, 64, MS, 1000 * MS, 3, 100 * MS);

    private final List<Integer> syns = new ArrayList<>();
    private final List<Integer> evicted = new ArrayList<>();
    private final RtoEstimator rto = new RtoEstimator(SETTINGS);
    private final Handshake handshake = new Handshake(new int[] {1, 2, 3}, rto, SETTINGS.evictAfterNanos(),
            new Handshake.Output() {
                @Override
                public void syn(int receiver) {
                    syns.add(receiver);
                }

                @Override
                public void evicted(int receiver) {
                    evicted.add(receiver);
                }
            });

    @Test
    void everyReceiverAnswersTheFirstSynAndTheRoundTripsSeedTheTimeout() {
        handshake.start(0);
        assertThat(syns).containsExactly(1, 2, 3);
        assertThat(handshake.nextDeadline()).as("the initial timeout").isEqualTo(10 * MS);
        handshake.onSynAck(2, 40 * US);
        handshake.onSynAck(1, 50 * US);
        handshake.onSynAck(3, 60 * US);
        assertThat(handshake.done()).isTrue();
        assertThat(handshake.nextDeadline()).isEqualTo(Long.MAX_VALUE);
        assertThat(rto.srtt()).isBetween(40 * US, 60 * US);
        assertThat(rto.rto()).as("the floor").isEqualTo(MS);
        assertThat(handshake.syns()).isEqualTo(3);
    }

    @Test
    void aLostSynIsSentAgainOnlyToItsReceiverOnTheTimeoutTheOthersRoundTripsSet() {
        handshake.start(0);
        handshake.onSynAck(1, 40 * US);
        handshake.onSynAck(2, 50 * US);
        assertThat(handshake.nextDeadline()).as("1 ms, not the initial 10 ms").isEqualTo(MS);
        handshake.onTimer(MS);
        assertThat(syns).containsExactly(1, 2, 3, 3);
        assertThat(handshake.nextDeadline()).as("backed off").isEqualTo(3 * MS);
        long backedOff = rto.rto();
        handshake.onSynAck(3, MS + 45 * US);
        assertThat(rto.rto()).as("no sample from a SYN sent twice (Karn)").isEqualTo(backedOff);
        assertThat(handshake.done()).isTrue();
        assertThat(evicted).isEmpty();
    }

    @Test
    void theTimeoutDoublesWhileAReceiverIsSilentUntilItIsGivenUp() {
        handshake.start(0);
        handshake.onSynAck(1, 40 * US);
        handshake.onSynAck(2, 50 * US);
        List<Long> resent = new ArrayList<>();
        while (!handshake.done()) {
            long at = handshake.nextDeadline();
            int before = syns.size();
            handshake.onTimer(at);
            if (syns.size() > before) {
                resent.add(at);
            }
        }
        assertThat(resent).containsExactly(MS, 3 * MS, 7 * MS, 15 * MS, 31 * MS, 63 * MS);
        assertThat(evicted).containsExactly(3);
        assertThat(handshake.evicted()).containsExactly(3);
        handshake.onSynAck(3, 200 * MS);
        assertThat(handshake.evicted()).containsExactly(3);
    }
}

package io.robber.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.engine.Timers;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class HaveCoalescerTest {
    private static final long MS = 1_000_000L;
    private static final ExchangeTuning TUNING = ExchangeTuning.of(5);

    /** Virtual time by hand: timers run when {@link #advance} passes them. */
    private static final class ManualTimers implements Timers {
        private record Task(long at, Runnable run) {
        }

        long now;
        final List<Task> tasks = new ArrayList<>();

        public long nanoTime() {
            return now;
        }

        public Runnable schedule(long delayNanos, Runnable task) {
            Task t = new Task(now + delayNanos, task);
            tasks.add(t);
            return () -> tasks.remove(t);
        }

        void advance(long nanos) {
            now += nanos;
            for (Task t : List.copyOf(tasks)) {
                if (t.at() <= now && tasks.remove(t)) {
                    t.run().run();
                }
            }
        }
    }

    /** One have that went out. */
    private record Sent(int peer, BitSet pieces) {
    }

    private final ManualTimers timers = new ManualTimers();
    private final List<Sent> sent = new ArrayList<>();
    private final PeerState peer = peer(1);
    private final List<PeerState> peers = new ArrayList<>(List.of(peer));
    private final HaveCoalescer haves = coalescer(20 * MS);

    @Test
    void aLonePieceIsAnnouncedAtOnce() {
        haves.verified(7);

        assertThat(sent).containsExactly(new Sent(1, bits(7)));
    }

    @Test
    void piecesWithinTheIntervalGoOutTogetherWhenItEnds() {
        haves.verified(1);
        timers.advance(5 * MS);
        haves.verified(9);
        timers.advance(5 * MS);
        haves.verified(4);
        assertThat(sent).containsExactly(new Sent(1, bits(1)));

        timers.advance(10 * MS);

        assertThat(sent).containsExactly(new Sent(1, bits(1)), new Sent(1, bits(4, 9)));
    }

    @Test
    void aPieceAfterAQuietIntervalIsAnnouncedAtOnce() {
        haves.verified(1);
        timers.advance(25 * MS);
        haves.verified(2);

        assertThat(sent).containsExactly(new Sent(1, bits(1)), new Sent(1, bits(2)));
        assertThat(timers.tasks).isEmpty();
    }

    @Test
    void flushAnnouncesWhatWaitsAndStopForgetsIt() {
        haves.verified(1);
        haves.verified(2);
        haves.flush();
        assertThat(sent).containsExactly(new Sent(1, bits(1)), new Sent(1, bits(2)));
        assertThat(timers.tasks).isEmpty();

        haves.verified(3);
        haves.stop();
        timers.advance(100 * MS);

        assertThat(sent).containsExactly(new Sent(1, bits(1)), new Sent(1, bits(2)));
    }

    @Test
    void aZeroIntervalAnnouncesEveryPieceAtOnce() {
        HaveCoalescer immediate = coalescer(0);
        immediate.verified(1);
        immediate.verified(2);

        assertThat(sent).containsExactly(new Sent(1, bits(1)), new Sent(1, bits(2)));
    }

    @Test
    void aPeerHearsAfterAQuarterOfItsRoundTripWithinTheBounds() {
        PeerState near = peer(2);
        PeerState far = peer(3);
        PeerState onTheLan = peer(4);
        peers.add(near);
        peers.add(far);
        peers.add(onTheLan);
        measure(near, 32 * MS);
        measure(far, 200 * MS);
        measure(onTheLan, MS / 2);
        assertThat(haves.interval(peer)).as("not measured yet").isEqualTo(20 * MS);
        assertThat(haves.interval(near)).isEqualTo(8 * MS);
        assertThat(haves.interval(far)).isEqualTo(20 * MS);
        assertThat(haves.interval(onTheLan)).isEqualTo(HaveCoalescer.MIN_INTERVAL_NANOS).isEqualTo(MS);

        haves.verified(1);
        timers.advance(MS);
        haves.verified(2);
        assertThat(sent).containsExactly(new Sent(1, bits(1)), new Sent(2, bits(1)), new Sent(3, bits(1)),
                new Sent(4, bits(1)), new Sent(4, bits(2)));

        timers.advance(7 * MS);
        assertThat(sent).endsWith(new Sent(4, bits(2)), new Sent(2, bits(2)));

        timers.advance(12 * MS);

        assertThat(sent).endsWith(new Sent(1, bits(2)), new Sent(3, bits(2)));
    }

    @Test
    void aPeerHearsOnlyOfPiecesItDesiresAndDidNotAnnounceWhileItsConnectionIsUp() {
        PeerState lost = peer(2);
        lost.lost = true;
        PeerState undecided = peer(3);
        undecided.desire = null;
        peers.add(lost);
        peers.add(undecided);
        peer.desire = bits(1, 2, 3);
        peer.has.set(2);

        haves.verified(1);
        haves.verified(2);
        haves.verified(4);
        timers.advance(20 * MS);

        assertThat(sent).containsExactly(new Sent(1, bits(1)));
    }

    private HaveCoalescer coalescer(long intervalNanos) {
        return new HaveCoalescer(timers, intervalNanos, peers, (member, pieces) -> sent.add(new Sent(member, pieces)));
    }

    /** A neighbour that desires every piece. */
    private static PeerState peer(int member) {
        PeerState p = new PeerState(member, false, TUNING, 16 * 1024);
        p.desire = new BitSet();
        p.desire.set(0, 64);
        return p;
    }

    /** Gives {@code p} a shortest round trip of {@code rtt}: one request answered after it. */
    private void measure(PeerState p, long rtt) {
        p.window.requested(timers.now, true);
        p.window.delivered(timers.now + rtt, 16 * 1024, true);
    }

    private static BitSet bits(int... indices) {
        BitSet bits = new BitSet();
        for (int i : indices) {
            bits.set(i);
        }
        return bits;
    }
}

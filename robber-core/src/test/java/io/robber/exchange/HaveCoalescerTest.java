package io.robber.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.engine.Timers;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class HaveCoalescerTest {
    private static final long MS = 1_000_000L;

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

    private final ManualTimers timers = new ManualTimers();
    private final List<BitSet> announced = new ArrayList<>();
    private final HaveCoalescer haves = new HaveCoalescer(timers, 20 * MS, announced::add);

    @Test
    void aLonePieceIsAnnouncedAtOnce() {
        haves.verified(7);

        assertThat(announced).containsExactly(bits(7));
    }

    @Test
    void piecesWithinTheIntervalGoOutTogetherWhenItEnds() {
        haves.verified(1);
        timers.advance(5 * MS);
        haves.verified(9);
        timers.advance(5 * MS);
        haves.verified(4);
        assertThat(announced).containsExactly(bits(1));

        timers.advance(10 * MS);

        assertThat(announced).containsExactly(bits(1), bits(4, 9));
    }

    @Test
    void aPieceAfterAQuietIntervalIsAnnouncedAtOnce() {
        haves.verified(1);
        timers.advance(25 * MS);
        haves.verified(2);

        assertThat(announced).containsExactly(bits(1), bits(2));
        assertThat(timers.tasks).isEmpty();
    }

    @Test
    void flushAnnouncesWhatWaitsAndStopForgetsIt() {
        haves.verified(1);
        haves.verified(2);
        haves.flush();
        assertThat(announced).containsExactly(bits(1), bits(2));
        assertThat(timers.tasks).isEmpty();

        haves.verified(3);
        haves.stop();
        timers.advance(100 * MS);

        assertThat(announced).containsExactly(bits(1), bits(2));
    }

    @Test
    void aZeroIntervalAnnouncesEveryPieceAtOnce() {
        HaveCoalescer immediate = new HaveCoalescer(timers, 0, announced::add);
        immediate.verified(1);
        immediate.verified(2);

        assertThat(announced).containsExactly(bits(1), bits(2));
    }

    private static BitSet bits(int... indices) {
        BitSet bits = new BitSet();
        for (int i : indices) {
            bits.set(i);
        }
        return bits;
    }
}

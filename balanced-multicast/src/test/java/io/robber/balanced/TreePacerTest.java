package io.robber.balanced;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The sender-side token bucket of one tree, on a virtual clock. */
class TreePacerTest {

    @Test
    void releasesPiecesAtTheTreesRate() {
        VirtualClock clock = new VirtualClock();
        List<long[]> released = new ArrayList<>();
        int[] pieces = IntStream.range(0, 101).toArray();
        // 100 KB/s, 1000-byte pieces: one piece every 10 ms after a 20 ms burst of two
        TreePacer pacer = new TreePacer(clock, 100_000, pieces, p -> 1000,
                p -> released.add(new long[] {p, clock.nanoTime()}));
        pacer.start();
        while (clock.step()) {
            // run the timers
        }

        assertThat(pacer.finished()).isTrue();
        assertThat(released).hasSize(101);
        assertThat(released.get(0)[1]).isZero();
        long last = released.get(100)[1];
        // 101 pieces = 101 000 bytes; the bucket starts with 2 000: (101 000 − 2 000) / 100 000 s
        assertThat(last).isBetween(985_000_000L, 995_000_000L);
        for (int i = 1; i < released.size(); i++) {
            assertThat(released.get(i)[0]).isEqualTo(i);
            assertThat(released.get(i)[1]).isGreaterThanOrEqualTo(released.get(i - 1)[1]);
        }
    }

    @Test
    void anUnlimitedTreeReleasesEverythingAtOnce() {
        VirtualClock clock = new VirtualClock();
        List<Integer> released = new ArrayList<>();
        TreePacer pacer = new TreePacer(clock, Double.POSITIVE_INFINITY, new int[] {3, 1, 2}, p -> 1 << 20, released::add);
        pacer.start();

        assertThat(released).containsExactly(3, 1, 2);
        assertThat(pacer.finished()).isTrue();
        assertThat(clock.queued()).isZero();
    }
}

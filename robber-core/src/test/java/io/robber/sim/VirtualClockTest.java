package io.robber.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class VirtualClockTest {

    @Test
    void runsEventsByTimeThenBySchedulingOrder() {
        VirtualClock clock = new VirtualClock();
        List<String> order = new ArrayList<>();
        clock.at(20, () -> order.add("b@20"));
        clock.at(10, () -> order.add("a@10"));
        clock.at(20, () -> order.add("c@20"));
        clock.at(10, () -> clock.schedule(0, () -> order.add("d@10 from a@10")));

        while (clock.step()) {
            // run all
        }

        assertThat(order).containsExactly("a@10", "d@10 from a@10", "b@20", "c@20");
        assertThat(clock.now()).isEqualTo(20);
        assertThat(clock.executed()).isEqualTo(5);
    }

    @Test
    void timersAreRelativeToVirtualNowAndCancellable() {
        VirtualClock clock = new VirtualClock();
        List<Long> fired = new ArrayList<>();
        clock.at(100, () -> clock.schedule(50, () -> fired.add(clock.nanoTime())));
        Runnable cancel = clock.schedule(120, () -> fired.add(-1L));
        cancel.run();

        while (clock.step()) {
            // run all
        }

        assertThat(fired).containsExactly(150L);
        assertThat(clock.idle()).isTrue();
    }

    @Test
    void manyEventsRunInTimeAndSchedulingOrderWithCancellationsSkipped() {
        VirtualClock clock = new VirtualClock();
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        List<long[]> ran = new ArrayList<>();
        List<Runnable> cancels = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            long time = random.nextInt(200);
            long order = i;
            cancels.add(clock.at(time, () -> ran.add(new long[] {time, order})));
        }
        for (int i = 0; i < 5000; i += 7) {
            cancels.get(i).run();
        }
        while (clock.step()) {
            // runs everything
        }
        assertThat(ran).hasSize(5000 - (5000 + 6) / 7);
        for (int i = 1; i < ran.size(); i++) {
            long[] a = ran.get(i - 1);
            long[] b = ran.get(i);
            assertThat(a[0] < b[0] || a[0] == b[0] && a[1] < b[1]).as("event %d after %d", i, i - 1).isTrue();
        }
        assertThat(ran).noneMatch(e -> e[1] % 7 == 0);
        assertThat(clock.idle()).isTrue();
    }

    @Test
    void refusesThePast() {
        VirtualClock clock = new VirtualClock();
        clock.at(10, () -> { });
        clock.step();
        assertThatThrownBy(() -> clock.at(5, () -> { })).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void linkSerialisesFramesFifoAndAddsLatency() {
        Link link = new Link(1000, 5);
        // 100 bytes at 1000 B/s take 0.1 s; the second frame waits for the first.
        assertThat(link.transmit(0, 100)).isEqualTo(100_000_000L + 5);
        assertThat(link.transmit(0, 100)).isEqualTo(200_000_000L + 5);
        // An idle link starts at once.
        assertThat(link.transmit(1_000_000_000L, 1)).isEqualTo(1_001_000_000L + 5);
    }
}

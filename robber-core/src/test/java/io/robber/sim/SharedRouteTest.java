package io.robber.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Routes over shared links: order, delay, fair sharing of a common bottleneck, rate changes. */
class SharedRouteTest {
    private static final long FRAME = 10_000;

    @Test
    void oneRouteGetsTheWholeLinkInOrderPlusTheDelay() {
        VirtualClock clock = new VirtualClock();
        SharedRoute route = new SharedRoute(List.of(new SharedRoute.Stage(List.of(new SharedLink(1e6)), 5_000_000)));
        List<Long> arrivals = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            route.send(clock, FRAME, () -> arrivals.add(clock.now()));
        }
        runAll(clock);

        assertThat(arrivals).hasSize(10).isSorted();
        // 100 kB at 1 MB/s, then 5 ms of delay.
        assertThat(arrivals.get(9)).isEqualTo(105_000_000L);
        assertThat(arrivals.get(0)).isEqualTo(15_000_000L);
    }

    @Test
    void aFrameIsSentWhenItLeavesTheSendersLinksBeforeTheDelay() {
        VirtualClock clock = new VirtualClock();
        SharedRoute route = new SharedRoute(List.of(
                new SharedRoute.Stage(List.of(new SharedLink(1e6)), 5_000_000),
                new SharedRoute.Stage(List.of(new SharedLink(1e6)), 0)));
        List<String> events = new ArrayList<>();
        route.send(clock, FRAME, () -> events.add("sent " + clock.now()), () -> events.add("arrived " + clock.now()));
        runAll(clock);

        // 10 kB at 1 MB/s on the sender's side, 5 ms of delay, 10 kB at 1 MB/s on the receiver's side.
        assertThat(events).containsExactly("sent 10000000", "arrived 25000000");
    }

    @Test
    void aLinkOfItsOwnSendsAFrameBeforeItsLatency() {
        VirtualClock clock = new VirtualClock();
        Link link = new Link(1e6, 5_000_000);
        List<String> events = new ArrayList<>();
        link.send(clock, FRAME, () -> events.add("sent " + clock.now()), () -> events.add("arrived " + clock.now()));
        runAll(clock);

        assertThat(events).containsExactly("sent 10000000", "arrived 15000000");
    }

    @Test
    void routesThroughOneBottleneckShareItFairly() {
        VirtualClock clock = new VirtualClock();
        SharedLink bottleneck = new SharedLink(1e6);
        long[] last = new long[3];
        for (int r = 0; r < 3; r++) {
            int route = r;
            SharedRoute path = new SharedRoute(List.of(new SharedRoute.Stage(List.of(new SharedLink(1e9), bottleneck), 0)));
            for (int i = 0; i < 20; i++) {
                path.send(clock, FRAME, () -> last[route] = clock.now());
            }
        }
        runAll(clock);

        // 600 kB through 1 MB/s: every route finishes near the end, none first.
        for (long t : last) {
            assertThat(t / 1e9).isCloseTo(0.6, within(0.03));
        }
    }

    @Test
    void aFlowHeldAtItsOwnSlowLinkLeavesTheSharedOneToTheOthers() {
        VirtualClock clock = new VirtualClock();
        SharedLink shared = new SharedLink(1e6);
        long[] last = new long[2];
        SharedRoute slow = new SharedRoute(List.of(new SharedRoute.Stage(List.of(new SharedLink(1e5), shared), 0)));
        SharedRoute fast = new SharedRoute(List.of(new SharedRoute.Stage(List.of(shared), 0)));
        for (int i = 0; i < 10; i++) {
            slow.send(clock, FRAME, () -> last[0] = clock.now());
        }
        for (int i = 0; i < 90; i++) {
            fast.send(clock, FRAME, () -> last[1] = clock.now());
        }
        runAll(clock);

        // The fast flow takes what the slow one leaves of the shared link, which stays busy: 1 MB in about 1 s.
        // The slow one gets about its own 0.1 MB/s (its frames cross it store and forward, one at a time).
        assertThat(last[1] / 1e9).isCloseTo(1.0, within(0.05));
        assertThat(last[0] / 1e9).isBetween(1.0, 1.25);
    }

    @Test
    void aSmallFrameWaitsBehindOneSegmentOfAnotherRoutesLargeFrame() {
        VirtualClock clock = new VirtualClock();
        SharedLink shared = new SharedLink(1e6);
        SharedRoute piece = new SharedRoute(List.of(new SharedRoute.Stage(List.of(shared), 0)));
        SharedRoute request = new SharedRoute(List.of(new SharedRoute.Stage(List.of(shared), 0)));
        long[] arrived = new long[2];
        piece.send(clock, 1 << 20, () -> arrived[0] = clock.now());
        clock.at(1_000_000L, () -> request.send(clock, 100, () -> arrived[1] = clock.now()));
        runAll(clock);

        // The request crosses after the segment on the link when it came (65.5 ms), not after the whole
        // 1 MiB (1.05 s); the large frame still takes its 1.05 s plus the request's 0.1 ms.
        assertThat(arrived[1]).isLessThan(2 * SharedRoute.SEGMENT * 1_000L);
        assertThat(arrived[0]).isEqualTo((1L << 20) * 1_000L + 100_000L);
    }

    @Test
    void aLargeFrameCrossesItsLinksInSegmentsOneBehindTheOther() {
        VirtualClock clock = new VirtualClock();
        SharedRoute route = new SharedRoute(List.of(
                new SharedRoute.Stage(List.of(new SharedLink(1e6)), 5_000_000),
                new SharedRoute.Stage(List.of(new SharedLink(1e6)), 0)));
        List<String> events = new ArrayList<>();
        route.send(clock, 1 << 20, () -> events.add("sent " + clock.now()), () -> events.add("arrived " + clock.now()));
        runAll(clock);

        // 16 segments: the sender's link is done after 1 MiB at 1 MB/s; the last segment then takes the
        // delay and the receiver's link, which has passed the others meanwhile (whole, it took 2.1 s).
        long oneMiB = (1L << 20) * 1_000L;
        assertThat(events).containsExactly("sent " + oneMiB,
                "arrived " + (oneMiB + 5_000_000L + SharedRoute.SEGMENT * 1_000L));
    }

    @Test
    void aFrameBelowTwoSegmentsCrossesWhole() {
        VirtualClock clock = new VirtualClock();
        SharedRoute route = new SharedRoute(List.of(new SharedRoute.Stage(List.of(new SharedLink(1e6), new SharedLink(1e6)), 0)));
        long bytes = 2 * SharedRoute.SEGMENT - 1;
        long[] arrived = new long[1];
        route.send(clock, bytes, () -> arrived[0] = clock.now());
        runAll(clock);

        // Store and forward over two links: each takes the whole frame in turn.
        assertThat(arrived[0]).isEqualTo(2 * bytes * 1_000L);
    }

    @Test
    void aRateChangeAppliesToWhatIsStillQueued() {
        VirtualClock clock = new VirtualClock();
        SharedLink link = new SharedLink(1e6);
        SharedRoute route = new SharedRoute(List.of(new SharedRoute.Stage(List.of(link), 0)));
        long[] last = new long[1];
        for (int i = 0; i < 100; i++) {
            route.send(clock, FRAME, () -> last[0] = clock.now());
        }
        clock.at(500_000_000L, () -> link.setRate(0.5e6, clock.now()));
        runAll(clock);

        // 500 kB in the first 0.5 s, the other 500 kB at half the rate.
        assertThat(last[0] / 1e9).isCloseTo(1.5, within(0.03));
        assertThat(link.rate()).isEqualTo(0.5e6);
    }

    private static void runAll(VirtualClock clock) {
        while (clock.step()) {
            // run all
        }
    }
}

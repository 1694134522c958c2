package io.robber.bittorrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.engine.Timers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The choking decision on its own: slots, tit-for-tat ranking, optimistic rotation, timers. */
class ChokerTest {
    private static final long ROUND = 10_000_000_000L;

    /** Timers that run nothing by themselves: the test fires rounds by hand. */
    private static final class ManualTimers implements Timers {
        final List<Long> delays = new ArrayList<>();
        int cancelled;

        @Override
        public long nanoTime() {
            return 0;
        }

        @Override
        public Runnable schedule(long delayNanos, Runnable task) {
            delays.add(delayNanos);
            return () -> cancelled++;
        }
    }

    private final ManualTimers timers = new ManualTimers();
    /** What the peers were told last: true = choked. */
    private final Map<Integer, Boolean> told = new HashMap<>();
    private boolean seeding;

    private Choker choker(long seed) {
        return new Choker(timers, new SplittableRandom(seed), 5, ROUND, (peer, choked) -> {
            assertThat(told.put(peer, choked)).as("change for peer %d", peer).isNotEqualTo(choked);
        }, () -> seeding);
    }

    @Test
    void freeSlotsGoAtOnceToInterestedPeersAndARoundIsScheduled() {
        Choker c = choker(1);
        c.interest(1, true);
        c.interest(2, true);

        assertThat(c.unchoked()).containsExactlyInAnyOrder(1, 2);
        assertThat(told).containsEntry(1, false).containsEntry(2, false);
        assertThat(timers.delays).containsExactly(ROUND);
    }

    @Test
    void unchokesTheTopFourByDownloadRatePlusOneOptimisticFromTheRest() {
        Choker c = choker(2);
        for (int p = 1; p <= 8; p++) {
            c.interest(p, true);
            c.received(p, 1000L * p);
        }
        c.rechoke();

        assertThat(c.unchoked()).hasSize(5).contains(5, 6, 7, 8);
        assertThat(c.optimistic()).isBetween(1, 4);
        assertThat(c.unchoked()).contains(c.optimistic());
        assertThat(told.entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey))
                .containsExactlyInAnyOrderElementsOf(c.unchoked());
    }

    @Test
    void theOptimisticUnchokeRotatesEveryRound() {
        Choker c = choker(3);
        for (int p = 1; p <= 8; p++) {
            c.interest(p, true);
        }
        Set<Integer> seen = new HashSet<>();
        int previous = -1;
        for (int round = 0; round < 20; round++) {
            for (int p = 1; p <= 8; p++) {
                c.received(p, p >= 5 ? 1000L * p : 0);
            }
            c.rechoke();
            assertThat(c.optimistic()).isNotEqualTo(previous).isBetween(1, 4);
            previous = c.optimistic();
            seen.add(previous);
            assertThat(c.unchoked()).hasSize(5).contains(5, 6, 7, 8);
        }
        assertThat(seen).as("optimistic unchokes over 20 rounds").containsExactlyInAnyOrder(1, 2, 3, 4);
    }

    @Test
    void aSeedRanksByWhatItSent() {
        seeding = true;
        Choker c = choker(4);
        for (int p = 1; p <= 8; p++) {
            c.interest(p, true);
            c.received(p, 1000L * p);
            c.sent(p, 1000L * (9 - p));
        }
        c.rechoke();

        assertThat(c.unchoked()).contains(1, 2, 3, 4);
        assertThat(c.optimistic()).isBetween(5, 8);
    }

    @Test
    void ratesCountOnlyTheLastRound() {
        Choker c = choker(5);
        for (int p = 1; p <= 8; p++) {
            c.interest(p, true);
            c.received(p, p <= 4 ? 1_000_000L : 0);
        }
        c.rechoke();
        for (int p = 5; p <= 8; p++) {
            c.received(p, 10);
        }
        c.rechoke();

        assertThat(c.unchoked()).contains(5, 6, 7, 8);
    }

    @Test
    void atMostFivePeersAreUnchokedWhateverHappens() {
        Choker c = choker(6);
        SplittableRandom random = new SplittableRandom(6);
        for (int step = 0; step < 5000; step++) {
            int peer = random.nextInt(12);
            switch (random.nextInt(5)) {
                case 0 -> c.interest(peer, true);
                case 1 -> c.interest(peer, false);
                case 2 -> c.received(peer, random.nextInt(100_000));
                case 3 -> {
                    c.forget(peer);
                    told.remove(peer);
                }
                default -> c.rechoke();
            }
            assertThat(c.unchoked()).hasSizeLessThanOrEqualTo(5);
            assertThat(told.entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey))
                    .containsExactlyInAnyOrderElementsOf(c.unchoked());
        }
    }

    @Test
    void aPeerThatLosesInterestKeepsItsSlotUntilAnInterestedPeerNeedsIt() {
        Choker c = choker(7);
        for (int p = 1; p <= 5; p++) {
            c.interest(p, true);
        }
        c.interest(3, false);
        assertThat(c.unchoked()).contains(3);

        c.interest(6, true);

        assertThat(c.unchoked()).containsExactlyInAnyOrder(1, 2, 4, 5, 6);
        assertThat(told).containsEntry(3, true);
    }

    @Test
    void roundsStopWhenNobodyIsInterestedAndOnStop() {
        Choker c = choker(8);
        c.interest(1, true);
        c.interest(1, false);
        c.rechoke();
        assertThat(timers.delays).hasSize(1);

        c.interest(2, true);
        assertThat(timers.delays).hasSize(2);
        c.stop();
        assertThat(timers.cancelled).isEqualTo(1);
        c.rechoke();
        assertThat(timers.delays).hasSize(2);
    }
}

package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import org.junit.jupiter.api.Test;

class ChannelReuseTest {
    private static final int PIECE = 32 * 1024;

    @Test
    void oneChannelRunsThreeOperationsInARow() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("robber", 11, 3, 3)) {
            Delivery.run(g, Delivery.data(20L * PIECE + 3, 1), PIECE, Delivery.Placement.singleRoot());
            Delivery.run(g, Delivery.data(5L * PIECE, 2), PIECE, Delivery.Placement.roots("c1n2"));
            Delivery.run(g, Delivery.data(9L * PIECE + 1, 3), PIECE / 2, Delivery.Placement.striped("c0"));
            assertThat(g.channels()).allSatisfy(ch -> assertThat(ch.flushAsync()).isCompleted());
        }
    }

    @Test
    void operationsStartedBackToBackWithoutFlushStillRunInOrder() throws Exception {
        try (LoopbackGroup g = LoopbackGroup.open("robber", 12, 2, 2)) {
            byte[] first = Delivery.data(12L * PIECE, 4);
            byte[] second = Delivery.data(7L * PIECE + 9, 5);
            var m1 = io.robber.api.Manifest.compute(io.robber.storage.MemoryStorage.wrap(first), PIECE);
            var m2 = io.robber.api.Manifest.compute(io.robber.storage.MemoryStorage.wrap(second), PIECE);
            var copies1 = new java.util.ArrayList<io.robber.storage.MemoryStorage>();
            var copies2 = new java.util.ArrayList<io.robber.storage.MemoryStorage>();
            var futures = new java.util.ArrayList<java.util.concurrent.CompletableFuture<Void>>();
            for (var ch : g.channels()) {
                boolean root = ch.self().id().equals("c0n0");
                var s1 = root ? io.robber.storage.MemoryStorage.wrap(first) : new io.robber.storage.MemoryStorage(first.length);
                var s2 = root ? io.robber.storage.MemoryStorage.wrap(second) : new io.robber.storage.MemoryStorage(second.length);
                copies1.add(s1);
                copies2.add(s2);
                futures.add(ch.multicastAsync(m1, s1, root ? m1.allPieces() : new java.util.BitSet()));
                futures.add(ch.multicastAsync(m2, s2, root ? m2.allPieces() : new java.util.BitSet()));
            }
            for (var f : futures) {
                f.get(60, java.util.concurrent.TimeUnit.SECONDS);
            }
            for (var ch : g.channels()) {
                ch.flush(java.time.Duration.ofSeconds(30));
            }
            assertThat(copies1).allSatisfy(s -> assertThat(s.toByteArray()).isEqualTo(first));
            assertThat(copies2).allSatisfy(s -> assertThat(s.toByteArray()).isEqualTo(second));
        }
    }
}

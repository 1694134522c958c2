package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link TransportOptions#maxRate()}: a node whose peers may send it 1 MiB/s, all connections
 * together, takes at least a second and a half for 3 MiB however fast the machine, and still gets
 * the data intact. Only the lower bound on time is checked: a busy machine makes it slower, never faster.
 */
class RateLimitTest {
    private static final int RATE = 1 << 20;

    @Test
    void aNodeRateLimitHoldsItsPeersToTheRateAcrossAllConnections() throws Exception {
        byte[] data = Delivery.data(3L << 20, 4);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), 64 << 10);
        try (LoopbackGroup g = LoopbackGroup.open("robber", 3, UnaryOperator.identity(),
                (member, options) -> member.equals("c0n2") ? options.withMaxRate(RATE) : options, 3)) {
            List<CompletableFuture<Void>> done = new ArrayList<>();
            MemoryStorage limited = new MemoryStorage(data.length);
            long start = System.nanoTime();
            for (MulticastChannel ch : g.channels()) {
                boolean root = ch.self().id().equals("c0n0");
                MemoryStorage storage = ch.self().id().equals("c0n2") ? limited
                        : root ? MemoryStorage.wrap(data) : new MemoryStorage(data.length);
                done.add(ch.multicastAsync(manifest, storage, root ? manifest.allPieces() : new BitSet()));
            }
            done.get(2).get(2, TimeUnit.MINUTES);
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(limited.toByteArray()).isEqualTo(data);
            assertThat(took).as("3 MiB at 1 MiB/s from two peers together").isGreaterThan(Duration.ofMillis(1500));
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(2, TimeUnit.MINUTES);
        }
    }

    @Test
    void aNegativeRateIsRefused() {
        assertThatThrownBy(() -> TransportOptions.defaults().withMaxRate(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rate limit");
    }
}

package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.LoopbackGroup;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MulticastIntegrationTest {

    static byte[] data(int size, long seed) {
        byte[] bytes = new byte[size];
        new SplittableRandom(seed).nextBytes(bytes);
        return bytes;
    }

    @Test
    void fourClustersOfFourGetIdenticalCopies() throws Exception {
        byte[] data = data(5 * 65536 * 4 + 123, 1);
        try (LoopbackGroup g = LoopbackGroup.open("robber", 7, 4, 4, 4, 4)) {
            MemoryStorage root = MemoryStorage.wrap(data);
            Manifest manifest = Manifest.compute(root, 65536);
            List<MemoryStorage> copies = new ArrayList<>();
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (MulticastChannel ch : g.channels()) {
                boolean isRoot = ch.self().id().equals("c0n0");
                MemoryStorage s = isRoot ? root : new MemoryStorage(data.length);
                copies.add(s);
                done.add(ch.multicastAsync(manifest, s, isRoot ? manifest.allPieces() : new BitSet()));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            for (MulticastChannel ch : g.channels()) {
                ch.flush(java.time.Duration.ofSeconds(30));
            }
            for (MemoryStorage s : copies) {
                assertThat(s.toByteArray()).isEqualTo(data);
            }
        }
    }
}

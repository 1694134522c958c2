package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.api.Storage;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Where a sender reads the pieces it sends: nowhere when the storage offers views of its memory, on
 * the event loop from other storages in memory, on the storage pool otherwise.
 */
class PieceReadTest {
    private static final int PIECE = 16 * 1024;
    private static final int PIECES = 32;

    @Test
    void piecesOfAStorageInMemoryAreReadOnTheEventLoop() throws Exception {
        assertThat(readingThreads(true, false)).isNotEmpty().allMatch(name -> name.startsWith("robber-io"));
    }

    @Test
    void piecesOfOtherStoragesAreReadOnTheStoragePool() throws Exception {
        assertThat(readingThreads(false, false)).isNotEmpty().allMatch(name -> name.startsWith("robber-storage"));
    }

    @Test
    void piecesOfAStorageWithAViewAreSentFromItWithoutAnyRead() throws Exception {
        assertThat(readingThreads(true, true)).isEmpty();
    }

    @Test
    void memoryStorageSaysItIsInMemory() {
        assertThat(new MemoryStorage(1).inMemory()).isTrue();
        assertThat(new Recording(MemoryStorage.wrap(new byte[1]), false, false).inMemory()).isFalse();
    }

    /**
     * Names of the threads on which the root read pieces to send them, after a delivery to three
     * members, from a root storage that is in memory or not and offers views of its bytes or not.
     */
    private static Set<String> readingThreads(boolean inMemory, boolean views) throws Exception {
        byte[] data = Delivery.data((long) PIECES * PIECE, 7);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), PIECE);
        MemoryStorage direct = new MemoryStorage(data.length);
        direct.write(0, ByteBuffer.wrap(data));
        Recording root = new Recording(direct, inMemory, views);
        List<MemoryStorage> copies = new ArrayList<>();
        try (LoopbackGroup g = LoopbackGroup.open("robber", 11, 2, 2)) {
            List<CompletableFuture<Void>> results = new ArrayList<>();
            for (MulticastChannel ch : g.channels()) {
                if (ch.self().id().equals("c0n0")) {
                    results.add(ch.multicastAsync(manifest, root, manifest.allPieces()));
                } else {
                    MemoryStorage copy = new MemoryStorage(data.length);
                    copies.add(copy);
                    results.add(ch.multicastAsync(manifest, copy, new BitSet()));
                }
            }
            for (CompletableFuture<Void> r : results) {
                r.get(30, TimeUnit.SECONDS);
            }
        }
        for (MemoryStorage copy : copies) {
            assertThat(copy.toByteArray()).isEqualTo(data);
        }
        return root.threads;
    }

    /**
     * A storage that records which threads read from it, says it is in memory or not, and offers the
     * views of its data or none.
     */
    private static final class Recording implements Storage {
        private final Storage data;
        private final boolean inMemory;
        private final boolean views;
        final Set<String> threads = ConcurrentHashMap.newKeySet();

        Recording(Storage data, boolean inMemory, boolean views) {
            this.data = data;
            this.inMemory = inMemory;
            this.views = views;
        }

        @Override
        public Optional<ByteBuffer> view(long position, int length) {
            return views ? data.view(position, length) : Optional.empty();
        }

        @Override
        public long size() {
            return data.size();
        }

        @Override
        public void read(long position, ByteBuffer dst) throws IOException {
            threads.add(Thread.currentThread().getName());
            data.read(position, dst);
        }

        @Override
        public void write(long position, ByteBuffer src) throws IOException {
            data.write(position, src);
        }

        @Override
        public boolean inMemory() {
            return inMemory;
        }
    }
}

package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.api.Storage;
import io.robber.storage.FileStorage;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.BufferLeaks;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import io.robber.testkit.ProcessResources;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many operations, and many channels at once, in one JVM: every copy byte-identical, and once the
 * channels and their runtime are closed, no project thread left, no buffer leaked (Netty's detector
 * in paranoid mode tracks every buffer) and the open file descriptors back to where they were.
 */
class SoakTest {
    private static final int KIB = 1024;
    /** Descriptors that may open and stay open meanwhile for reasons of the JVM's own (a lazily opened jar, /dev/urandom). */
    private static final int FD_MARGIN = 8;
    private static final Duration RELEASE_DEADLINE = Duration.ofSeconds(30);

    @Test
    void oneChannelRunsOneHundredOperationsAndGivesEverythingBack(@TempDir Path dir) throws Exception {
        ProcessResources start = ProcessResources.now();
        try (BufferLeaks leaks = BufferLeaks.paranoid()) {
            try (LoopbackGroup g = LoopbackGroup.open("robber", 14, 2, 2)) {
                SplittableRandom random = new SplittableRandom(14);
                for (int op = 0; op < 100; op++) {
                    byte[] data = Delivery.data(random.nextInt(64 * KIB, 1024 * KIB + 1), op);
                    int pieceSize = (16 * KIB) << (op % 3);
                    if (op % 5 == 4) {
                        throughFiles(g, data, pieceSize, dir.resolve("op" + op));
                    } else {
                        Delivery.run(g, data, pieceSize, placement(op));
                    }
                }
            }
            assertGivenBack(start, leaks);
        }
    }

    @Test
    void sixteenConcurrentGroupsGiveEverythingBack() throws Exception {
        ProcessResources start = ProcessResources.now();
        AtomicInteger names = new AtomicInteger();
        ExecutorService drivers = Executors.newFixedThreadPool(16, r -> new Thread(r, "soak-" + names.incrementAndGet()));
        try (BufferLeaks leaks = BufferLeaks.paranoid()) {
            List<CompletableFuture<Void>> groups = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                long seed = 100 + i;
                groups.add(CompletableFuture.runAsync(() -> threeOperations(seed), drivers));
            }
            CompletableFuture.allOf(groups.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
            assertGivenBack(start, leaks);
        } finally {
            drivers.shutdown();
            assertThat(drivers.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void groupsClosedMidOperationGiveEverythingBack() throws Exception {
        ProcessResources start = ProcessResources.now();
        try (BufferLeaks leaks = BufferLeaks.paranoid()) {
            for (int round = 0; round < 12; round++) {
                closedMidOperation(round);
            }
            assertGivenBack(start, leaks);
        }
    }

    /**
     * A group closed, channels then runtime, while an operation of 8 MiB is under way: the root's
     * pieces read on the storage pool, slowly, so some are between the pool and the event loop when
     * the runtime stops.
     */
    private static void closedMidOperation(int round) throws Exception {
        byte[] data = Delivery.data(8L * 1024 * KIB, round);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), 16 * KIB);
        List<CompletableFuture<Void>> running = new ArrayList<>();
        try (LoopbackGroup g = LoopbackGroup.open("robber", round, 2, 2)) {
            for (MulticastChannel ch : g.channels()) {
                boolean root = ch.self().id().equals("c0n0");
                Storage storage = root ? new SlowStorage(MemoryStorage.wrap(data)) : new MemoryStorage(data.length);
                running.add(ch.multicastAsync(manifest, storage, root ? manifest.allPieces() : new BitSet()));
            }
            Thread.sleep(20 + 15L * round);
        }
        for (CompletableFuture<Void> operation : running) {
            operation.exceptionally(closed -> null).get(30, TimeUnit.SECONDS);
        }
    }

    /** A storage in memory that does not say so and takes 30 ms a read, so reads are on the storage pool, and long. */
    private record SlowStorage(Storage inner) implements Storage {
        @Override
        public long size() {
            return inner.size();
        }

        @Override
        public void read(long position, ByteBuffer dst) throws IOException {
            try {
                Thread.sleep(30);
            } catch (InterruptedException e) {
                throw new InterruptedIOException();
            }
            inner.read(position, dst);
        }

        @Override
        public void write(long position, ByteBuffer src) throws IOException {
            inner.write(position, src);
        }
    }

    /** One group of two clusters of two, on its own runtime, running three operations. */
    private static void threeOperations(long seed) {
        try (LoopbackGroup g = LoopbackGroup.open("robber", seed, 2, 2)) {
            SplittableRandom random = new SplittableRandom(seed);
            for (int op = 0; op < 3; op++) {
                Delivery.run(g, Delivery.data(random.nextInt(64 * KIB, 1024 * KIB + 1), seed * 10 + op),
                        (16 * KIB) << op, placement(op));
            }
        } catch (Exception e) {
            throw new AssertionError("group with seed " + seed + " failed", e);
        }
    }

    private static Delivery.Placement placement(int op) {
        return switch (op % 3) {
            case 0 -> Delivery.Placement.singleRoot();
            case 1 -> Delivery.Placement.roots("c1n1");
            default -> Delivery.Placement.striped("c0");
        };
    }

    /** One operation from a file on c0n0 into a file on every other member, each file closed after. */
    private static void throughFiles(LoopbackGroup g, byte[] data, int pieceSize, Path dir) throws Exception {
        Files.createDirectories(dir);
        Path source = Files.write(dir.resolve("source"), data);
        List<FileStorage> files = new ArrayList<>();
        try {
            Manifest manifest;
            try (FileStorage root = FileStorage.open(source)) {
                manifest = Manifest.compute(root, pieceSize);
            }
            List<CompletableFuture<Void>> done = new ArrayList<>();
            for (MulticastChannel ch : g.channels()) {
                boolean isRoot = ch.self().id().equals("c0n0");
                FileStorage file = isRoot ? FileStorage.open(source)
                        : FileStorage.create(dir.resolve(ch.self().id()), data.length);
                files.add(file);
                done.add(ch.multicastAsync(manifest, file, isRoot ? manifest.allPieces() : new BitSet()));
            }
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
            for (MulticastChannel ch : g.channels()) {
                ch.flush(Duration.ofSeconds(60));
            }
        } finally {
            for (FileStorage file : files) {
                file.close();
            }
        }
        for (MulticastChannel ch : g.channels()) {
            assertThat(Files.readAllBytes(dir.resolve(ch.self().id().equals("c0n0") ? "source" : ch.self().id())))
                    .as("copy of %s", ch.self().id()).isEqualTo(data);
        }
    }

    private static void assertGivenBack(ProcessResources start, BufferLeaks leaks) throws InterruptedException {
        ProcessResources end = ProcessResources.awaitBack(start, FD_MARGIN, RELEASE_DEADLINE);
        assertThat(end.threadsSince(start)).as("project threads left after every channel closed").isEmpty();
        assertThat(end.fileDescriptorsSince(start)).as("file descriptors still open beyond those at the start")
                .isLessThanOrEqualTo(FD_MARGIN);
        assertThat(leaks.collect()).as("buffers the leak detector saw collected unreleased").isEmpty();
    }
}

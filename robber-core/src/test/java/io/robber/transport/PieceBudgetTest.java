package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.DefaultEventLoop;
import io.robber.api.ChannelConfig;
import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.Member;
import io.robber.api.MulticastChannel;
import io.robber.api.Storage;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Issue 14, item 10: received pieces waiting for storage stay within the node's piece budget. Reading
 * stops on every connection above it and starts again once half of it is written; measured in bytes.
 */
class PieceBudgetTest {
    /** As large as the transport's largest read, so that one read completes at most one more piece. */
    private static final int PIECE = 1 << 20;

    @Test
    void readingStopsAboveTheBudgetAndRestartsAtHalfOfIt() throws Exception {
        DefaultEventLoop loop = new DefaultEventLoop();
        try {
            AtomicInteger reading = new AtomicInteger(1);
            PieceBudget budget = new PieceBudget(100, loop);
            budget.attach(new PieceBudget.Reading() {
                @Override
                public void pause() {
                    reading.set(0);
                }

                @Override
                public void resume() {
                    reading.set(1);
                }
            });
            loop.submit(() -> budget.take(60)).get();
            assertThat(reading).hasValue(1);
            loop.submit(() -> budget.take(60)).get();
            assertThat(reading).hasValue(0);
            budget.release(60);
            loop.submit(() -> { }).get();
            assertThat(reading).as("60 of 100 bytes still held").hasValue(0);
            budget.release(20);
            loop.submit(() -> { }).get();
            assertThat(reading).hasValue(1);
            assertThat(budget.peak()).isEqualTo(120);
            assertThat(budget.held()).isEqualTo(40);
            assertThat(budget.pauses()).isEqualTo(1);
        } finally {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    /**
     * Four roots, one receiver whose storage holds every write until the budget has stopped reading:
     * its 20 outstanding requests (R = 5 per root) would bring 20 MiB. With a budget of 2 MiB, once
     * reading stopped on every connection each connection hands over at most what its last read held
     * (at most a piece) and the piece that read completes: at most 2 + 1 + 4 × 2 MiB in all.
     */
    @Test
    void piecesWaitingForSlowStorageStayWithinTheBudget() throws Exception {
        int roots = 4;
        long limit = 2L * PIECE;
        Group group = LoopbackGroup.group(LoopbackGroup.freePort(), roots + 1);
        String receiverId = group.member(roots).id();
        byte[] data = Delivery.data(24L * PIECE, 3);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), PIECE);
        MemoryStorage copy = new MemoryStorage(data.length);
        CountDownLatch writes = new CountDownLatch(1);
        Storage slow = new Storage() {
            @Override
            public long size() {
                return copy.size();
            }

            @Override
            public void read(long position, ByteBuffer dst) {
                copy.read(position, dst);
            }

            @Override
            public void write(long position, ByteBuffer src) {
                try {
                    writes.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                copy.write(position, src);
            }
        };
        List<MulticastChannel> channels = new ArrayList<>();
        try (RobberRuntime runtime = RobberRuntime.create(2, 2)) {
            TransportOptions options = TransportOptions.defaults(runtime).withPieceBudget(limit);
            List<CompletableFuture<Void>> done = new ArrayList<>();
            NettyMulticastChannel receiver = null;
            for (Member m : group.members()) {
                MulticastChannel ch = RobberTransport.open(ChannelConfig.of(group, m.id(), "robber"), options);
                channels.add(ch);
                boolean root = !m.id().equals(receiverId);
                if (!root) {
                    receiver = (NettyMulticastChannel) ch;
                }
                done.add(ch.multicastAsync(manifest, root ? MemoryStorage.wrap(data) : slow,
                        root ? manifest.allPieces() : new BitSet()));
            }
            PieceBudget budget = receiver.pieceBudget();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (budget.pauses() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(budget.pauses()).as("reading stopped").isPositive();
            writes.countDown();
            CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            for (MulticastChannel ch : channels) {
                ch.flush(Duration.ofSeconds(30));
            }
            assertThat(budget.peak()).as("most bytes of pieces held at once")
                    .isGreaterThan(limit)
                    .isLessThanOrEqualTo(limit + PIECE + 2L * roots * PIECE);
            // A duplicate (a second request at the end) may still be on its way through storage: it drains.
            long drained = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (budget.held() > 0 && System.nanoTime() < drained) {
                Thread.sleep(10);
            }
            assertThat(budget.held()).isZero();
            channels.forEach(MulticastChannel::close);
        }
        assertThat(copy.toByteArray()).isEqualTo(data);
    }
}

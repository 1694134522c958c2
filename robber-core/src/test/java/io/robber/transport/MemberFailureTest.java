package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.EventLoop;
import io.netty.handler.traffic.ChannelTrafficShapingHandler;
import io.robber.api.ChannelConfig;
import io.robber.api.ChannelMeters;
import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.api.ProtocolException;
import io.robber.api.Storage;
import io.robber.storage.MemoryStorage;
import io.robber.testkit.Delivery;
import io.robber.testkit.LoopbackGroup;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A member leaves in the middle of a transfer over real sockets. The survivors end with identical,
 * complete data, their flush names the member that left, and nothing hangs.
 */
class MemberFailureTest {
    private static final int PIECE = 16 * 1024;
    private static final String VICTIM = "c1n1";
    /**
     * The survivors' failure timeout: short, yet long enough that a live member's keep-alives (one per
     * third of it) are not missed when a busy 2-core machine stalls an event loop for seconds (1 s
     * once declared a live member dead at load 42).
     */
    private static final Duration FAILURE_TIMEOUT = Duration.ofSeconds(5);
    private static final long TIMEOUT_SECONDS = FAILURE_TIMEOUT.toSeconds();
    /** Every connection reads at most 1 MiB/s, so the transfer lasts long enough to be interrupted. */
    private static final LinkCustomizer SLOW_LINKS =
            (self, peer, pipeline) -> pipeline.addFirst(new ChannelTrafficShapingHandler(0, 1 << 20));
    /** A crashing victim reads at most 64 KiB/s per connection, so it is still mid-transfer when it crashes. */
    private static final LinkCustomizer SLOWER_VICTIM =
            (self, peer, pipeline) -> pipeline.addFirst(new ChannelTrafficShapingHandler(0, 64 << 10));

    /** The victim's process dies: its sockets close without a word; neighbours redial in vain, then declare it dead. */
    @Test
    void survivorsFinishWhenAMemberCrashes() throws Exception {
        String flushFailure = survivorsFinishWhenTheVictimsRuntimeCloses(RobberRuntime::close);

        assertThat(flushFailure).contains("member c1n1 failed: connection lost at").contains("not back within " + TIMEOUT_SECONDS + " s");
    }

    /**
     * The crash above in the order that once hung ~6% of runs on a loaded machine: the victim's event
     * loop is busy running tasks when its runtime starts shutting down. Netty then ends the loop
     * without closing its sockets, so unless the runtime closes them first the survivors see neither
     * an end of stream nor a reset, and wait for the victim forever. The busy victim is also silent, so
     * whichever its neighbours notice first, the closed sockets or the silence, declares it dead.
     */
    @Test
    void survivorsFinishWhenAMemberCrashesWhileItsEventLoopIsBusy() throws Exception {
        String flushFailure = survivorsFinishWhenTheVictimsRuntimeCloses(runtime -> {
            EventLoop loop = runtime.eventLoops().next();
            CompletableFuture<Void> busy = new CompletableFuture<>();
            loop.execute(() -> {
                busy.complete(null);
                while (!loop.isShuttingDown()) {
                    LockSupport.parkNanos(1_000_000);
                }
            });
            busy.join();
            runtime.close();
        });

        assertThat(flushFailure).containsPattern(
                "member c1n1 failed: (connection lost at \\w+ and not back within " + TIMEOUT_SECONDS
                        + " s|sent nothing to \\w+ for " + TIMEOUT_SECONDS + " s)");
    }

    private static String survivorsFinishWhenTheVictimsRuntimeCloses(Consumer<RobberRuntime> crash) throws Exception {
        try (RobberRuntime victimRuntime = RobberRuntime.create(1, 1)) {
            String flushFailure = runWithVictim(
                    c -> c.self().equals(VICTIM) ? c : c.withFailureTimeout(FAILURE_TIMEOUT),
                    (member, transport) -> member.equals(VICTIM)
                            ? transport.withRuntime(victimRuntime).withLinks(SLOWER_VICTIM) : transport,
                    victim -> {
                        crash.accept(victimRuntime);
                        return () -> { };
                    });
            return flushFailure;
        }
    }

    /** The victim closes its channel: it tells the group at once, so nobody waits for the (long) failure timeout. */
    @Test
    void survivorsFinishWhenAMemberClosesItsChannel() throws Exception {
        String flushFailure = runWithVictim(c -> c.withFailureTimeout(Duration.ofMinutes(10)),
                (member, transport) -> transport, victim -> {
                    victim.close();
                    return () -> { };
                });

        assertThat(flushFailure).contains("member c1n1 failed: channel of member c1n1 closed before the operation finished");
    }

    /**
     * The victim's process is stopped (as by SIGSTOP): its sockets stay open, but it reads and writes
     * nothing, its event loop blocked. No connection drops, so only idle detection can tell: its
     * neighbours hear nothing from it, not even a keep-alive, for the failure timeout and declare it
     * dead. It is let go once the survivors' flushes have returned.
     */
    @Test
    void survivorsFinishWhenAMemberFreezes() throws Exception {
        try (RobberRuntime victimRuntime = RobberRuntime.create(1, 1)) {
            CountDownLatch thaw = new CountDownLatch(1);
            String flushFailure = runWithVictim(
                    c -> c.self().equals(VICTIM) ? c : c.withFailureTimeout(FAILURE_TIMEOUT),
                    (member, transport) -> member.equals(VICTIM)
                            ? transport.withRuntime(victimRuntime).withLinks(SLOWER_VICTIM) : transport,
                    victim -> {
                        CompletableFuture<Void> frozen = new CompletableFuture<>();
                        victimRuntime.eventLoops().next().execute(() -> {
                            frozen.complete(null);
                            awaitUninterruptibly(thaw);
                        });
                        frozen.join();
                        return thaw::countDown;
                    });

            assertThat(flushFailure).contains("member c1n1 failed: sent nothing to").contains("for " + TIMEOUT_SECONDS + " s");
        }
    }

    /**
     * Nobody has anything to send for three failure timeouts: the root's storage holds every read
     * back, so no piece moves and, once the requests are out, no message either. Keep-alives keep
     * every connection alive: nobody is declared dead, and the transfer completes once reads resume.
     */
    @Test
    void quietMembersAreNotDeclaredDead() throws Exception {
        Duration timeout = FAILURE_TIMEOUT;
        byte[] data = Delivery.data(20L * PIECE + 3, 12);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), PIECE);
        CountDownLatch readAsked = new CountDownLatch(1);
        CountDownLatch readsResume = new CountDownLatch(1);
        Storage held = new HeldStorage(MemoryStorage.wrap(data), readAsked, readsResume);
        try (RobberRuntime runtime = RobberRuntime.create(2, 2);
             LoopbackGroup g = LoopbackGroup.open("robber", 6, c -> c.withFailureTimeout(timeout),
                     (member, transport) -> transport.withRuntime(runtime), 2, 2)) {
            List<MemoryStorage> copies = new ArrayList<>();
            List<CompletableFuture<Void>> receivers = new ArrayList<>();
            for (MulticastChannel ch : g.channels()) {
                if (ch.self().id().equals("c0n0")) {
                    ch.multicastAsync(manifest, held, manifest.allPieces());
                } else {
                    MemoryStorage copy = new MemoryStorage(data.length);
                    copies.add(copy);
                    receivers.add(ch.multicastAsync(manifest, copy, new BitSet()));
                }
            }
            assertThat(readAsked.await(60, TimeUnit.SECONDS)).as("the root was asked for a piece").isTrue();
            Thread.sleep(3 * timeout.toMillis());
            assertThat(receivers).as("no receiver finished or failed while no piece could move")
                    .noneMatch(CompletableFuture::isDone);
            readsResume.countDown();

            CompletableFuture.allOf(receivers.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            for (MulticastChannel ch : g.channels()) {
                ch.flush(Duration.ofSeconds(60));
            }
            assertThat(copies).allSatisfy(c -> assertThat(c.toByteArray()).isEqualTo(data));
        } finally {
            readsResume.countDown();
        }
    }

    /** A storage whose reads wait until they are let go; it reports the first read asked for. */
    private record HeldStorage(MemoryStorage data, CountDownLatch asked, CountDownLatch resume) implements Storage {
        @Override
        public long size() {
            return data.size();
        }

        @Override
        public void read(long position, ByteBuffer dst) throws IOException {
            asked.countDown();
            awaitUninterruptibly(resume);
            data.read(position, dst);
        }

        @Override
        public void write(long position, ByteBuffer src) throws IOException {
            data.write(position, src);
        }

        @Override
        public void close() {
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        while (true) {
            try {
                latch.await();
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** How a victim leaves; what it returns runs once the survivors' flushes have returned, before the group closes. */
    private interface Departure {
        Runnable leave(MulticastChannel victim);
    }

    /** Runs a transfer from c0n0 to 2 + 3 members, makes the victim leave once it has some data, returns a survivor's flush failure. */
    private static String runWithVictim(java.util.function.UnaryOperator<ChannelConfig> configure,
                                        BiFunction<String, TransportOptions, TransportOptions> transport,
                                        Departure departure) throws Exception {
        byte[] data = Delivery.data(100L * PIECE + 7, 11);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), PIECE);
        try (LoopbackGroup g = LoopbackGroup.open("robber", 5, configure,
                (member, options) -> transport.apply(member, options.withLinks(SLOW_LINKS)), 2, 3)) {
            List<MemoryStorage> copies = new ArrayList<>();
            List<CompletableFuture<Void>> survivors = new ArrayList<>();
            for (MulticastChannel ch : g.channels()) {
                boolean root = ch.self().id().equals("c0n0");
                MemoryStorage storage = root ? MemoryStorage.wrap(data) : new MemoryStorage(data.length);
                CompletableFuture<Void> done = ch.multicastAsync(manifest, storage, root ? manifest.allPieces() : new BitSet());
                if (!ch.self().id().equals(VICTIM)) {
                    copies.add(storage);
                    survivors.add(done);
                }
            }
            MulticastChannel victim = g.channel(VICTIM);
            while (victim.meters().piecesIn(ChannelMeters.Scope.LOCAL) + victim.meters().piecesIn(ChannelMeters.Scope.GLOBAL) < 1) {
                Thread.sleep(5);
            }
            assertThat(victim.meters().piecesIn(ChannelMeters.Scope.LOCAL) + victim.meters().piecesIn(ChannelMeters.Scope.GLOBAL))
                    .as("the victim is mid-transfer").isLessThan(manifest.pieceCount());
            Runnable afterFlush = departure.leave(victim);
            try {
                return survivorsFlushFailure(g, data, copies, survivors);
            } finally {
                afterFlush.run();
            }
        }
    }

    /** Waits for the survivors, checks their copies, returns a survivor's flush failure. */
    private static String survivorsFlushFailure(LoopbackGroup g, byte[] data, List<MemoryStorage> copies,
                                                List<CompletableFuture<Void>> survivors) throws Exception {
        CompletableFuture.allOf(survivors.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        assertThat(copies).allSatisfy(c -> assertThat(c.toByteArray()).isEqualTo(data));
        String failure = null;
        for (MulticastChannel ch : g.channels()) {
            if (!ch.self().id().equals(VICTIM)) {
                Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> ch.flush(Duration.ofSeconds(60)));
                assertThat(thrown).as("flush of %s", ch.self().id()).isInstanceOf(ProtocolException.class);
                failure = thrown.getMessage();
            }
        }
        return failure;
    }
}

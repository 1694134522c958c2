package io.robber.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.traffic.ChannelTrafficShapingHandler;
import io.robber.api.ChannelMeters.Scope;
import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.storage.HeldPieces;
import io.robber.storage.MemoryStorage;
import io.robber.transport.LinkCustomizer;
import io.robber.transport.RobberRuntime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Resume and rejoin in the data plane, for any protocol: a member whose process dies mid-transfer
 * (its runtime closes) starts again within the failure timeout, on the copy it left, and rejoins the
 * running operation. It scans what its storage holds ({@link HeldPieces}), multicasts with that as its
 * possession and fetches only the rest; its neighbours take it back as a reconnected peer. Checks that
 * everyone, the restarted member included, ends with a verified copy and a flush that succeeds (nobody
 * is declared dead), and that the restarted member fetched the pieces it lacked, with at most a
 * quarter more (duplicates at the end of a transfer): fewer than it would have refetched everything.
 */
public final class MemberRestart {
    private static final int PIECE = 16 * 1024;
    private static final int PIECES = 200;
    private static final String VICTIM = "c1n1";
    /** Far longer than a restart in this JVM takes, even on a loaded machine. */
    private static final Duration FAILURE_TIMEOUT = Duration.ofSeconds(60);
    /** Every connection reads at most 1 MiB/s, so the transfer lasts long enough to be interrupted. */
    private static final LinkCustomizer SLOW_LINKS =
            (self, peer, pipeline) -> pipeline.addFirst(new ChannelTrafficShapingHandler(0, 1 << 20));
    /**
     * Until its crash the victim reads at most 64 KiB/s per connection: a quarter of the data takes it
     * seconds, so a busy machine that stalls the test between its check and the crash cannot let it
     * finish first.
     */
    private static final LinkCustomizer SLOWER_VICTIM =
            (self, peer, pipeline) -> pipeline.addFirst(new ChannelTrafficShapingHandler(0, 64 << 10));

    private MemberRestart() {
    }

    /** Runs the transfer of {@code protocol} in clusters of 2 and 3, crashing and restarting one member. */
    public static void run(String protocol) throws Exception {
        byte[] data = Delivery.data((long) PIECES * PIECE - 5, 21);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), PIECE);
        RobberRuntime crashing = RobberRuntime.create(1, 1);
        try (RobberRuntime restarted = RobberRuntime.create(1, 1);
             LoopbackGroup g = LoopbackGroup.open(protocol, 9, c -> c.withFailureTimeout(FAILURE_TIMEOUT),
                     (member, options) -> member.equals(VICTIM)
                             ? options.withRuntime(crashing).withLinks(SLOWER_VICTIM) : options.withLinks(SLOW_LINKS),
                     2, 3)) {
            List<MemoryStorage> copies = new ArrayList<>();
            List<CompletableFuture<Void>> operations = new ArrayList<>();
            MemoryStorage left = null;
            for (MulticastChannel ch : g.channels()) {
                boolean root = ch.self().id().equals("c0n0");
                MemoryStorage storage = root ? MemoryStorage.wrap(data) : new MemoryStorage(data.length);
                CompletableFuture<Void> done = ch.multicastAsync(manifest, storage,
                        root ? manifest.allPieces() : new BitSet());
                if (ch.self().id().equals(VICTIM)) {
                    left = storage;
                } else {
                    copies.add(storage);
                    operations.add(done);
                }
            }
            MulticastChannel victim = g.channel(VICTIM);
            while (piecesIn(victim) < PIECES / 4) {
                Thread.sleep(5);
            }
            crashing.close();
            long fetchedBefore = piecesIn(victim);

            BitSet held = HeldPieces.scan(manifest, left, 2);
            assertThat(held.cardinality()).as("pieces the crashed run left").isPositive().isLessThan(PIECES);
            MulticastChannel again = g.reopen(VICTIM, options -> options.withRuntime(restarted).withLinks(SLOW_LINKS));
            operations.add(again.multicastAsync(manifest, left, held));
            copies.add(left);

            CompletableFuture.allOf(operations.toArray(CompletableFuture[]::new)).get(2, TimeUnit.MINUTES);
            assertThat(copies).allSatisfy(c -> assertThat(c.toByteArray()).isEqualTo(data));
            for (MulticastChannel ch : g.channels()) {
                ch.flush(Duration.ofMinutes(1));
            }
            int missing = PIECES - held.cardinality();
            // The member's meters live on in the group's registry, as in a process that exports them.
            assertThat(piecesIn(again) - fetchedBefore).as("pieces fetched after the restart, of %d missing", missing)
                    .isGreaterThanOrEqualTo(missing).isLessThanOrEqualTo(missing + missing / 4 + 2);
        } finally {
            crashing.close();
        }
    }

    private static long piecesIn(MulticastChannel channel) {
        return Math.round(channel.meters().piecesIn(Scope.LOCAL) + channel.meters().piecesIn(Scope.GLOBAL));
    }
}

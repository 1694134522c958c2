package io.robber.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.api.Storage;
import io.robber.api.ChannelMeters;
import io.robber.storage.MemoryStorage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs one multicast over a {@link LoopbackGroup} and checks every copy byte for byte. */
public final class Delivery {

    /** Which pieces a member holds at the start. */
    @FunctionalInterface
    public interface Placement {
        BitSet possession(Group group, int member, Manifest manifest);

        /** Member {@code c0n0} holds everything. */
        static Placement singleRoot() {
            return roots("c0n0");
        }

        static Placement roots(String... ids) {
            return (g, m, manifest) -> List.of(ids).contains(g.member(m).id()) ? manifest.allPieces() : new BitSet();
        }

        /** Every member of cluster {@code cluster} holds an equal contiguous part. */
        static Placement striped(String cluster) {
            return (g, m, manifest) -> {
                List<Integer> collective = g.collective(cluster);
                int rank = collective.indexOf(m);
                BitSet part = new BitSet();
                if (rank >= 0) {
                    int p = manifest.pieceCount();
                    part.set(rank * p / collective.size(), (rank + 1) * p / collective.size());
                }
                return part;
            };
        }
    }

    /** Bytes per cluster received from global peers, summed over its members. */
    public record Result(List<Storage> copies, double[] globalBytesInByCluster) {
    }

    private Delivery() {
    }

    public static byte[] data(long size, long seed) {
        byte[] bytes = new byte[Math.toIntExact(size)];
        new SplittableRandom(seed).nextBytes(bytes);
        return bytes;
    }

    /** Multicasts {@code data}, flushes every channel, and asserts every copy equals {@code data}. */
    public static Result run(LoopbackGroup g, byte[] data, int pieceSize, Placement placement) throws Exception {
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), pieceSize);
        Group group = g.group();
        List<Storage> copies = new ArrayList<>();
        List<CompletableFuture<Void>> done = new ArrayList<>();
        for (int m = 0; m < group.size(); m++) {
            BitSet possession = placement.possession(group, m, manifest);
            MemoryStorage storage = new MemoryStorage(data.length);
            for (int i = possession.nextSetBit(0); i >= 0; i = possession.nextSetBit(i + 1)) {
                storage.write(manifest.pieceOffset(i),
                        ByteBuffer.wrap(data, (int) manifest.pieceOffset(i), manifest.pieceLength(i)));
            }
            copies.add(storage);
            done.add(g.channels().get(m).multicastAsync(manifest, storage, possession));
        }
        CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
        for (MulticastChannel ch : g.channels()) {
            ch.flush(Duration.ofSeconds(60));
        }
        for (Storage copy : copies) {
            assertThat(readAll(copy)).isEqualTo(data);
        }
        double[] global = new double[group.clusters().size()];
        for (int m = 0; m < group.size(); m++) {
            global[group.clusterIndex(m)] += g.channels().get(m).meters().bytesIn(ChannelMeters.Scope.GLOBAL);
        }
        return new Result(copies, global);
    }

    public static byte[] readAll(Storage storage) throws IOException {
        byte[] bytes = new byte[Math.toIntExact(storage.size())];
        storage.read(0, ByteBuffer.wrap(bytes));
        return bytes;
    }
}

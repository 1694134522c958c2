package io.robber.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Manifest;
import io.robber.api.MulticastChannel;
import io.robber.storage.FileStorage;
import io.robber.testkit.LoopbackGroup;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.BitSet;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A data set beyond 2 GiB through file storage: positions past Integer.MAX_VALUE, zero-copy sends. */
class LargeFileTest {
    private static final long SIZE = (2L << 30) + (3L << 20) + 7;
    private static final int PIECE = 4 << 20;

    @Test
    void moreThanTwoGibibytesArriveIntact(@TempDir Path dir) throws Exception {
        Path source = dir.resolve("source.bin");
        writeRandom(source, SIZE);
        try (LoopbackGroup g = LoopbackGroup.open("robber", 13, 1, 1);
             FileStorage root = FileStorage.open(source);
             FileStorage copy = FileStorage.create(dir.resolve("copy.bin"), SIZE)) {
            Manifest manifest = Manifest.compute(root, PIECE);
            MulticastChannel sender = g.channel("c0n0");
            MulticastChannel receiver = g.channel("c1n0");
            CompletableFuture<Void> sent = sender.multicastAsync(manifest, root, manifest.allPieces());
            receiver.multicast(manifest, copy, new BitSet());
            sent.get(5, TimeUnit.MINUTES);
            receiver.flush();
        }
        assertThat(sha256(dir.resolve("copy.bin"))).isEqualTo(sha256(source));
        assertThat(Files.size(dir.resolve("copy.bin"))).isEqualTo(SIZE);
    }

    private static void writeRandom(Path path, long size) throws IOException {
        SplittableRandom random = new SplittableRandom(99);
        ByteBuffer block = ByteBuffer.allocateDirect(8 << 20);
        try (FileChannel out = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long written = 0;
            while (written < size) {
                block.clear();
                while (block.remaining() >= 8) {
                    block.putLong(random.nextLong());
                }
                block.flip().limit((int) Math.min(block.limit(), size - written));
                while (block.hasRemaining()) {
                    written += out.write(block);
                }
            }
        }
    }

    private static byte[] sha256(Path path) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(path)) {
            byte[] buf = new byte[1 << 20];
            for (int n; (n = in.read(buf)) > 0; ) {
                sha.update(buf, 0, n);
            }
        }
        return sha.digest();
    }
}

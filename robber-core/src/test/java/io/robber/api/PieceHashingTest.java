package io.robber.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.storage.MemoryStorage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Pieces digested on threads of their own while the reader feeds the whole-data digest give what one thread
 * digesting piece after piece gives, for any number of pieces against the ring of buffers, from any thread.
 */
class PieceHashingTest {

    @ParameterizedTest(name = "{0} bytes in pieces of {1}")
    @CsvSource({"0, 1024", "1, 1024", "1024, 1024", "1025, 1024", "1000000, 4096", "3000000, 65536",
        "70000000, 33554432", "70000000, 67108864"})
    void theSameDigestsAsOneThreadPieceByPiece(int size, int pieceSize) throws Exception {
        byte[] data = new byte[size];
        new Random(size).nextBytes(data);
        MessageDigest whole = Manifest.sha256();

        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), pieceSize, whole);

        assertThat(manifest.pieceDigests()).isEqualTo(onePieceAfterAnother(data, pieceSize));
        assertThat(whole.digest()).isEqualTo(Manifest.sha256().digest(data));
    }

    @Test
    void theSameFromATaskOfTheCommonPoolAsASenderDescribesItsData() throws Exception {
        byte[] data = new byte[3_000_000];
        new Random(7).nextBytes(data);

        Manifest manifest = CompletableFuture.supplyAsync(() -> {
            try {
                return Manifest.compute(MemoryStorage.wrap(data), 65536, Manifest.sha256());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).get();

        assertThat(manifest.pieceDigests()).isEqualTo(onePieceAfterAnother(data, 65536));
    }

    @Test
    void aReadThatFailsFailsTheComputation() {
        Storage failing = new Storage() {
            @Override
            public long size() {
                return 10 << 20;
            }

            @Override
            public void read(long position, ByteBuffer dst) throws IOException {
                if (position >= 5 << 20) {
                    throw new IOException("the disk went away");
                }
                dst.put(new byte[dst.remaining()]);
            }

            @Override
            public void write(long position, ByteBuffer src) {
                throw new UnsupportedOperationException();
            }
        };
        assertThatThrownBy(() -> Manifest.compute(failing, 1 << 20, Manifest.sha256()))
                .isInstanceOf(IOException.class).hasMessage("the disk went away");
    }

    private static byte[] onePieceAfterAnother(byte[] data, int pieceSize) {
        int count = (data.length + pieceSize - 1) / pieceSize;
        byte[] digests = new byte[count * Manifest.DIGEST_LENGTH];
        for (int piece = 0; piece < count; piece++) {
            byte[] bytes = Arrays.copyOfRange(data, piece * pieceSize, Math.min(data.length, (piece + 1) * pieceSize));
            System.arraycopy(Manifest.sha256().digest(bytes), 0, digests, piece * Manifest.DIGEST_LENGTH,
                    Manifest.DIGEST_LENGTH);
        }
        return digests;
    }
}

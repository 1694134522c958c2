package io.robber.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.Manifest;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What a storage an earlier run left already holds: exactly the pieces whose bytes match their
 * digests, whatever the number of workers; a piece never written counts only when the data set's
 * piece is zeros, a torn or wrong one never.
 */
class HeldPiecesTest {
    private static final int PIECE = 4096;

    @Test
    void onlyThePiecesThatMatchTheirDigestsAreHeld() throws Exception {
        byte[] data = new byte[10 * PIECE - 100];
        new Random(3).nextBytes(data);
        Arrays.fill(data, 7 * PIECE, 8 * PIECE, (byte) 0);
        Manifest manifest = Manifest.compute(MemoryStorage.wrap(data), PIECE);
        MemoryStorage left = new MemoryStorage(data.length);
        for (int piece : new int[] {0, 2, 9}) {
            copy(data, manifest, piece, left);
        }
        copy(data, manifest, 4, left);
        left.write(manifest.pieceOffset(4) + 10, ByteBuffer.wrap(new byte[] {(byte) ~data[4 * PIECE + 10]}));
        left.write(manifest.pieceOffset(5), ByteBuffer.wrap(data, 5 * PIECE, PIECE / 2));

        BitSet expected = bits(0, 2, 7, 9);
        assertThat(HeldPieces.scan(manifest, left, 1)).isEqualTo(expected);
        assertThat(HeldPieces.scan(manifest, left, 3)).isEqualTo(expected);
        assertThat(HeldPieces.scan(manifest, MemoryStorage.wrap(data), 2)).isEqualTo(manifest.allPieces());
    }

    @Test
    void aStorageOfAnotherSizeIsRefused() throws Exception {
        Manifest manifest = Manifest.compute(new MemoryStorage(3 * PIECE), PIECE);
        assertThatThrownBy(() -> HeldPieces.scan(manifest, new MemoryStorage(2 * PIECE), 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("8192 bytes");
    }

    private static void copy(byte[] data, Manifest manifest, int piece, MemoryStorage to) {
        to.write(manifest.pieceOffset(piece), ByteBuffer.wrap(data, (int) manifest.pieceOffset(piece),
                manifest.pieceLength(piece)));
    }

    private static BitSet bits(int... pieces) {
        BitSet set = new BitSet();
        Arrays.stream(pieces).forEach(set::set);
        return set;
    }
}

package io.robber.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.storage.MemoryStorage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ManifestTest {
    private static final int PIECE = 16;

    @Test
    void encodeDecodeRoundTrips() throws IOException {
        for (int length : new int[] {0, 1, PIECE, 5 * PIECE + 3}) {
            Manifest m = manifest(data(length));

            Manifest back = Manifest.decode(m.encode());

            assertThat(back).isEqualTo(m);
            assertThat(back.size()).isEqualTo(length);
            assertThat(back.pieceDigests()).isEqualTo(m.pieceDigests());
        }
    }

    @Test
    void decodeChecksTheDigestCountAgainstTheGeometryFirst() throws IOException {
        byte[] valid = manifest(data(3 * PIECE)).encode();
        byte[] hugeSize = valid.clone();
        ByteBuffer.wrap(hugeSize).putLong(5, 100L * PIECE);
        byte[] wrongCount = valid.clone();
        ByteBuffer.wrap(wrongCount).putInt(17, 4);
        byte[] badPieceSize = valid.clone();
        ByteBuffer.wrap(badPieceSize).putInt(13, 0);

        assertThatThrownBy(() -> Manifest.decode(hugeSize)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lists 3 pieces but 1600 bytes in pieces of 16 make 100");
        assertThatThrownBy(() -> Manifest.decode(wrongCount)).hasMessageContaining("lists 4 pieces but");
        assertThatThrownBy(() -> Manifest.decode(badPieceSize)).hasMessageContaining("piece size must be");
        assertThatThrownBy(() -> Manifest.decode(Arrays.copyOf(valid, valid.length - 1)))
                .hasMessageContaining("bytes of digests");
        assertThatThrownBy(() -> Manifest.decode(Arrays.copyOf(valid, 20))).hasMessageContaining("too short");
        byte[] badMagic = valid.clone();
        badMagic[0] = 0;
        assertThatThrownBy(() -> Manifest.decode(badMagic)).hasMessageContaining("bad magic");
    }

    @Test
    void emptyDataHasNoPieces() throws IOException {
        Manifest m = manifest(new byte[0]);

        assertThat(m.size()).isZero();
        assertThat(m.pieceCount()).isZero();
        assertThat(m.pieceDigests()).isEmpty();
        assertThat(m.allPieces().isEmpty()).isTrue();
    }

    @Test
    void oneByteIsOneShortPiece() throws IOException {
        Manifest m = manifest(new byte[] {9});

        assertThat(m.pieceCount()).isEqualTo(1);
        assertThat(m.pieceOffset(0)).isZero();
        assertThat(m.pieceLength(0)).isEqualTo(1);
    }

    @Test
    void exactMultipleGivesFullPieces() throws IOException {
        Manifest m = manifest(data(4 * PIECE));

        assertThat(m.pieceCount()).isEqualTo(4);
        for (int i = 0; i < 4; i++) {
            assertThat(m.pieceOffset(i)).isEqualTo((long) i * PIECE);
            assertThat(m.pieceLength(i)).isEqualTo(PIECE);
        }
        assertThat(m.allPieces().cardinality()).isEqualTo(4);
    }

    @Test
    void remainderGivesAShortLastPiece() throws IOException {
        Manifest m = manifest(data(4 * PIECE + 5));

        assertThat(m.pieceCount()).isEqualTo(5);
        assertThat(m.pieceLength(3)).isEqualTo(PIECE);
        assertThat(m.pieceOffset(4)).isEqualTo(4L * PIECE);
        assertThat(m.pieceLength(4)).isEqualTo(5);
        assertThat(m.pieceDigests()).hasSize(5 * Manifest.DIGEST_LENGTH);
    }

    @Test
    void theChosenPieceSizeCutsADataSetIntoAbout2048PowerOfTwoPiecesOf64KiBTo4MiB() {
        assertThat(Manifest.pieceSizeFor(100_000_000L)).as("100 MB: 48,828 B a piece, below the floor").isEqualTo(64 << 10);
        assertThat(Manifest.pieceSizeFor(256L << 20)).as("256 MiB: 2048 pieces").isEqualTo(128 << 10);
        assertThat(Manifest.pieceSizeFor(600_000_000L)).as("600 MB: 2289 pieces").isEqualTo(256 << 10);
        assertThat(Manifest.pieceSizeFor(1L << 30)).isEqualTo(512 << 10);
        assertThat(Manifest.pieceSizeFor(100L << 30)).as("100 GiB: the cap, 25,600 pieces").isEqualTo(4 << 20);
        assertThat(Manifest.pieceSizeFor(0)).isEqualTo(64 << 10);
        assertThat(Manifest.pieceSizeFor(1)).isEqualTo(64 << 10);
        assertThatThrownBy(() -> Manifest.pieceSizeFor(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
    }

    @Test
    void aManifestComputedWithoutAPieceSizeUsesTheChosenOne() throws Exception {
        byte[] data = new byte[(300 << 10) + 7];
        new Random(3).nextBytes(data);
        Manifest m = Manifest.compute(MemoryStorage.wrap(data));

        assertThat(m.pieceSize()).isEqualTo(64 << 10);
        assertThat(m.pieceCount()).isEqualTo(5);
        assertThat(m).isEqualTo(Manifest.compute(MemoryStorage.wrap(data), 64 << 10));
    }

    @Test
    void geometryOfLargeDataSetsUsesLongOffsets() {
        long size = (5L << 30) + 1;
        int pieceSize = 1 << 20;
        int count = 5 * 1024 + 1;
        Manifest m = Manifest.of(size, pieceSize, new byte[count * Manifest.DIGEST_LENGTH]);

        assertThat(m.pieceCount()).isEqualTo(count);
        assertThat(m.pieceOffset(count - 1)).isEqualTo(5L << 30);
        assertThat(m.pieceLength(count - 1)).isEqualTo(1);
    }

    @Test
    void pieceIndicesOutsideTheDataSetAreRejected() throws IOException {
        Manifest m = manifest(data(2 * PIECE));

        assertThatThrownBy(() -> m.pieceLength(2))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("piece 2 outside [0, 2)");
        assertThatThrownBy(() -> m.pieceOffset(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> m.verify(5, ByteBuffer.allocate(PIECE))).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void verifyAcceptsTheRightBytesWithoutConsumingThem() throws IOException {
        byte[] data = data(3 * PIECE + 7);
        Manifest m = manifest(data);

        for (int i = 0; i < m.pieceCount(); i++) {
            ByteBuffer piece = ByteBuffer.wrap(data, (int) m.pieceOffset(i), m.pieceLength(i));
            assertThat(m.verify(i, piece)).as("piece %d", i).isTrue();
            assertThat(piece.remaining()).isEqualTo(m.pieceLength(i));
        }
    }

    @Test
    void verifyRejectsAlteredShortLongAndMisplacedData() throws IOException {
        byte[] data = data(3 * PIECE);
        Manifest m = manifest(data);
        byte[] altered = Arrays.copyOfRange(data, PIECE, 2 * PIECE);
        altered[3] ^= 1;

        assertThat(m.verify(1, ByteBuffer.wrap(altered))).isFalse();
        assertThat(m.verify(1, ByteBuffer.wrap(data, PIECE, PIECE - 1))).isFalse();
        assertThat(m.verify(1, ByteBuffer.wrap(data, PIECE, PIECE + 1))).isFalse();
        assertThat(m.verify(1, ByteBuffer.wrap(data, 0, PIECE))).isFalse();
    }

    @Test
    void rootDigestChangesWhenOneByteChanges() throws IOException {
        byte[] data = data(3 * PIECE);
        Manifest before = manifest(data);
        data[2 * PIECE + 1] ^= (byte) 0x80;
        Manifest after = manifest(data);

        assertThat(after.rootDigest()).isNotEqualTo(before.rootDigest());
        assertThat(after.pieceDigest(0)).isEqualTo(before.pieceDigest(0));
        assertThat(after.pieceDigest(2)).isNotEqualTo(before.pieceDigest(2));
        assertThat(after).isNotEqualTo(before);
    }

    @Test
    void rootDigestCoversTheGeometry() {
        byte[] digests = new byte[2 * Manifest.DIGEST_LENGTH];

        assertThat(Manifest.of(20, PIECE, digests)).isNotEqualTo(Manifest.of(21, PIECE, digests));
        assertThat(Manifest.of(20, PIECE, digests)).isNotEqualTo(Manifest.of(20, 10, digests));
    }

    @Test
    void manifestsAreEqualByRootDigest() throws IOException {
        Manifest computed = manifest(data(2 * PIECE + 3));
        Manifest decoded = Manifest.of(computed.size(), computed.pieceSize(), computed.pieceDigests());

        assertThat(decoded).isEqualTo(computed).hasSameHashCodeAs(computed);
        assertThat(decoded.rootDigestHex()).isEqualTo(computed.rootDigestHex()).hasSize(64);
    }

    @Test
    void digestAccessorsReturnCopies() throws IOException {
        Manifest m = manifest(data(PIECE));
        byte[] root = m.rootDigest();
        root[0] ^= 1;
        byte[] digests = m.pieceDigests();
        digests[0] ^= 1;

        assertThat(m.rootDigest()).isNotEqualTo(root);
        assertThat(m.pieceDigests()).isNotEqualTo(digests);
    }

    @Test
    void badGeometryIsRejected() {
        assertThatThrownBy(() -> Manifest.of(-1, PIECE, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("data size must not be negative: -1");
        assertThatThrownBy(() -> Manifest.of(10, 0, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("piece size must be between 1 byte and 64 MiB, got 0");
        assertThatThrownBy(() -> Manifest.of(10, Manifest.MAX_PIECE_SIZE + 1, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("piece size must be between 1 byte and 64 MiB");
        assertThatThrownBy(() -> Manifest.of(Integer.MAX_VALUE, 1, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("too many pieces: use a larger piece size for 2147483647 bytes");
    }

    @Test
    void hugeSizesDoNotOverflowThePieceCount() {
        assertThatThrownBy(() -> Manifest.of(Long.MAX_VALUE, 2, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("too many pieces");
        assertThatThrownBy(() -> Manifest.of(Long.MAX_VALUE, Manifest.MAX_PIECE_SIZE, new byte[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("too many pieces");
    }

    @Test
    void wrongNumberOfDigestsIsRejected() {
        assertThatThrownBy(() -> Manifest.of(2 * PIECE, PIECE, new byte[Manifest.DIGEST_LENGTH + 1]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("expected 2 piece digests (64 bytes), got 33 bytes");
    }

    private static Manifest manifest(byte[] data) throws IOException {
        return Manifest.compute(MemoryStorage.wrap(data), PIECE);
    }

    private static byte[] data(int length) {
        byte[] bytes = new byte[length];
        new Random(length).nextBytes(bytes);
        return bytes;
    }
}

package io.robber.api;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HexFormat;

/**
 * Describes one data set: its size, its piece size, the SHA-256 digest of every piece and a root
 * digest over all of them. It travels with every multicast operation; a piece is accepted only after
 * its digest matches.
 */
public final class Manifest {
    public static final int DIGEST_LENGTH = 32;
    /** About how many pieces {@link #pieceSizeFor} cuts a data set into. */
    public static final int TARGET_PIECES = 2048;
    /** The smallest piece {@link #pieceSizeFor} gives (64 KiB). */
    public static final int MIN_CHOSEN_PIECE_SIZE = 64 << 10;
    /** The largest piece {@link #pieceSizeFor} gives (4 MiB). */
    public static final int MAX_CHOSEN_PIECE_SIZE = 4 << 20;
    /** Largest piece size the wire accepts (64 MiB). */
    public static final int MAX_PIECE_SIZE = 64 << 20;
    private static final int MAGIC = 0x5242_4d46; // "RBMF"
    private static final int ENCODING_VERSION = 1;
    private static final int ENCODED_HEADER = 4 + 1 + 8 + 4 + 4;
    /** One digest per verifying thread, reset for every piece. */
    private static final ThreadLocal<MessageDigest> PIECE_DIGEST = ThreadLocal.withInitial(Manifest::sha256);

    private final long size;
    private final int pieceSize;
    private final int pieceCount;
    private final byte[] pieceDigests;
    private final byte[] rootDigest;

    private Manifest(long size, int pieceSize, byte[] pieceDigests) {
        this.size = size;
        this.pieceSize = pieceSize;
        this.pieceCount = pieceCount(size, pieceSize);
        if (pieceDigests.length != (long) pieceCount * DIGEST_LENGTH) {
            throw new IllegalArgumentException("expected " + pieceCount + " piece digests ("
                    + (long) pieceCount * DIGEST_LENGTH + " bytes), got " + pieceDigests.length + " bytes");
        }
        this.pieceDigests = pieceDigests;
        this.rootDigest = computeRoot(size, pieceSize, pieceDigests);
    }

    /** A manifest from already known piece digests (e.g. decoded from the wire). */
    public static Manifest of(long size, int pieceSize, byte[] pieceDigests) {
        checkGeometry(size, pieceSize);
        return new Manifest(size, pieceSize, pieceDigests.clone());
    }

    /**
     * {@code [magic][version][size][piece size][piece count][digests]}: what a coordinator ships to
     * every member. {@link #decode} reverses it.
     */
    public byte[] encode() {
        return ByteBuffer.allocate(Math.addExact(ENCODED_HEADER, pieceDigests.length)).putInt(MAGIC)
                .put((byte) ENCODING_VERSION).putLong(size).putInt(pieceSize).putInt(pieceCount).put(pieceDigests)
                .array();
    }

    /**
     * A manifest from {@link #encode()}d bytes, e.g. received from a coordinator. Hostile input fails
     * with an {@link IllegalArgumentException}; the digest count is checked against size and piece
     * size before anything is allocated.
     */
    public static Manifest decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        if (in.remaining() < ENCODED_HEADER) {
            throw new IllegalArgumentException("encoded manifest too short: " + bytes.length + " bytes, the header alone"
                    + " takes " + ENCODED_HEADER);
        }
        if (in.getInt() != MAGIC) {
            throw new IllegalArgumentException("not an encoded manifest (bad magic)");
        }
        int version = in.get();
        if (version != ENCODING_VERSION) {
            throw new IllegalArgumentException("manifest encoding version " + version
                    + " unknown; run the same Robber version everywhere");
        }
        long size = in.getLong();
        int pieceSize = in.getInt();
        int count = in.getInt();
        checkGeometry(size, pieceSize);
        if (count != pieceCount(size, pieceSize)) {
            throw new IllegalArgumentException("encoded manifest lists " + count + " pieces but " + size
                    + " bytes in pieces of " + pieceSize + " make " + pieceCount(size, pieceSize));
        }
        if (in.remaining() != (long) count * DIGEST_LENGTH) {
            throw new IllegalArgumentException("encoded manifest holds " + in.remaining() + " bytes of digests, "
                    + (long) count * DIGEST_LENGTH + " expected for " + count + " pieces");
        }
        byte[] digests = new byte[in.remaining()];
        in.get(digests);
        return new Manifest(size, pieceSize, digests);
    }

    /**
     * The piece size for a data set of {@code size} bytes when none is chosen: about
     * {@value #TARGET_PIECES} pieces, a power of two between 64 KiB and 4 MiB.
     *
     * <p>Why not one size for all: a piece is what a peer is asked for and what crosses a link whole,
     * so the last pieces of a transfer queue behind whole pieces on every slow connection, and a data
     * set of few pieces leaves little to spread between clusters. On a 500 KB/s link shared by four
     * connections one 1 MiB piece takes 8 s: 100 MB over the Robber paper's four continents of two
     * clusters reach 44 % of the bound in 1 MiB pieces and 79 % in 64 KiB ones (virtual time). Every
     * piece also costs messages, a digest and a disk write: a push of 256 MiB to eight processes on
     * one two-core machine takes 9 % longer in 128 KiB pieces than in 1 MiB ones
     * ({@code docs/perf.md}, "The piece size of a push"). The size depends on nothing but the data
     * set's, so a push of the same data again cuts the same pieces and resumes a partial copy.
     */
    public static int pieceSizeFor(long size) {
        checkSize(size);
        long ideal = Math.max(1, size / TARGET_PIECES);
        long power = Long.highestOneBit(ideal);
        return (int) Math.max(MIN_CHOSEN_PIECE_SIZE, Math.min(MAX_CHOSEN_PIECE_SIZE, power));
    }

    /** Reads the whole storage once and digests every piece, in pieces of {@link #pieceSizeFor} its size. */
    public static Manifest compute(Storage storage) throws IOException {
        return compute(storage, pieceSizeFor(storage.size()));
    }

    /** Reads the whole storage once and digests every piece. */
    public static Manifest compute(Storage storage, int pieceSize) throws IOException {
        return compute(storage, pieceSize, null);
    }

    /**
     * Reads the whole storage once and digests every piece, feeding every byte in order to
     * {@code stream} as well (e.g. for the SHA-256 of the whole data set); {@code stream} may be null.
     * The pieces are digested on threads of their own while this thread reads and feeds
     * {@code stream} ({@link PieceHashing}).
     */
    public static Manifest compute(Storage storage, int pieceSize, MessageDigest stream) throws IOException {
        long size = storage.size();
        checkGeometry(size, pieceSize);
        int count = pieceCount(size, pieceSize);
        return new Manifest(size, pieceSize, PieceHashing.digests(storage, pieceSize, count, stream));
    }

    /** {@code pieceSize} if the wire accepts it, between 1 byte and 64 MiB; else an {@link IllegalArgumentException}. */
    public static int checkPieceSize(int pieceSize) {
        if (pieceSize <= 0 || pieceSize > MAX_PIECE_SIZE) {
            throw new IllegalArgumentException("piece size must be between 1 byte and 64 MiB, got " + pieceSize);
        }
        return pieceSize;
    }

    private static void checkSize(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("data size must not be negative: " + size);
        }
    }

    private static void checkGeometry(long size, int pieceSize) {
        checkSize(size);
        checkPieceSize(pieceSize);
        if (pieceCount(size, pieceSize) == Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many pieces: use a larger piece size for " + size + " bytes");
        }
    }

    private static int pieceCount(long size, int pieceSize) {
        long count = size / pieceSize + (size % pieceSize == 0 ? 0 : 1);
        return (int) Math.min(count, Integer.MAX_VALUE);
    }

    public long size() {
        return size;
    }

    public int pieceSize() {
        return pieceSize;
    }

    /** P, the number of pieces; 0 for an empty data set. */
    public int pieceCount() {
        return pieceCount;
    }

    public long pieceOffset(int piece) {
        checkPiece(piece);
        return (long) piece * pieceSize;
    }

    public int pieceLength(int piece) {
        checkPiece(piece);
        return (int) Math.min(pieceSize, size - (long) piece * pieceSize);
    }

    /** True when the bytes remaining in {@code data} are exactly piece {@code piece}. */
    public boolean verify(int piece, ByteBuffer data) {
        checkPiece(piece);
        if (data.remaining() != pieceLength(piece)) {
            return false;
        }
        MessageDigest sha = pieceDigest();
        sha.update(data.duplicate());
        byte[] digest = sha.digest();
        int from = piece * DIGEST_LENGTH;
        return Arrays.equals(digest, 0, DIGEST_LENGTH, pieceDigests, from, from + DIGEST_LENGTH);
    }

    public byte[] pieceDigest(int piece) {
        checkPiece(piece);
        return Arrays.copyOfRange(pieceDigests, piece * DIGEST_LENGTH, (piece + 1) * DIGEST_LENGTH);
    }

    /** All piece digests concatenated. */
    public byte[] pieceDigests() {
        return pieceDigests.clone();
    }

    /** SHA-256 over size, piece size and all piece digests: names the data set. */
    public byte[] rootDigest() {
        return rootDigest.clone();
    }

    public String rootDigestHex() {
        return HexFormat.of().formatHex(rootDigest);
    }

    /** The set {0, ..., P-1}. */
    public BitSet allPieces() {
        BitSet all = new BitSet(pieceCount);
        all.set(0, pieceCount);
        return all;
    }

    private void checkPiece(int piece) {
        if (piece < 0 || piece >= pieceCount) {
            throw new IndexOutOfBoundsException("piece " + piece + " outside [0, " + pieceCount + ")");
        }
    }

    private static byte[] computeRoot(long size, int pieceSize, byte[] digests) {
        MessageDigest sha = sha256();
        sha.update(ByteBuffer.allocate(12).putLong(size).putInt(pieceSize).flip());
        sha.update(digests);
        return sha.digest();
    }

    /** This thread's SHA-256 digest for pieces, reset. */
    static MessageDigest pieceDigest() {
        MessageDigest sha = PIECE_DIGEST.get();
        sha.reset();
        return sha;
    }

    /** A fresh SHA-256 digest, the one hash Robber uses for pieces and data sets. */
    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Manifest other && Arrays.equals(rootDigest, other.rootDigest);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(rootDigest);
    }

    @Override
    public String toString() {
        return "Manifest[size=" + size + ", pieceSize=" + pieceSize + ", pieces=" + pieceCount
                + ", root=" + rootDigestHex().substring(0, 12) + "]";
    }
}

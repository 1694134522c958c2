package io.robber.datacast.transport;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.SplittableRandom;

/**
 * The data a source multicasts, as its data packets see it: packet p of block b carries the
 * {@code payloadBytes} at ((b · blockPackets) + p) · payloadBytes, the last packet fewer. Each block's
 * SHA-256 is computed up front, for the receivers' copies to be checked against.
 */
public final class DataSet {
    private final byte[] bytes;
    private final int payloadBytes;
    private final int blockPackets;
    private final byte[][] digests;

    public DataSet(byte[] bytes, int payloadBytes, int blockPackets) {
        if (bytes.length == 0 || payloadBytes < 1 || blockPackets < 1) {
            throw new IllegalArgumentException("a data set needs bytes, a payload and a block length of at least one");
        }
        this.bytes = bytes;
        this.payloadBytes = payloadBytes;
        this.blockPackets = blockPackets;
        this.digests = new byte[blocks()][];
        for (int block = 0; block < digests.length; block++) {
            digests[block] = sha256(bytes, blockOffset(block), blockBytes(block));
        }
    }

    /** {@code size} random bytes from {@code seed}. */
    public static DataSet random(int size, long seed, int payloadBytes, int blockPackets) {
        byte[] bytes = new byte[size];
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < size; i += 8) {
            long word = random.nextLong();
            for (int j = i; j < Math.min(size, i + 8); j++) {
                bytes[j] = (byte) word;
                word >>>= 8;
            }
        }
        return new DataSet(bytes, payloadBytes, blockPackets);
    }

    public int size() {
        return bytes.length;
    }

    public int packets() {
        return (bytes.length - 1) / payloadBytes + 1;
    }

    public int blockPackets() {
        return blockPackets;
    }

    public int blocks() {
        return (packets() - 1) / blockPackets + 1;
    }

    /** The bytes of packet {@code name} (read-only, not copied); names past the data are refused. */
    ByteBuffer payload(DataName name) {
        long offset = ((long) name.block() * blockPackets + name.sequence()) * payloadBytes;
        if (name.sequence() < 0 || name.sequence() >= blockPackets || offset < 0 || offset >= bytes.length) {
            throw new IllegalArgumentException("no packet " + name + " in " + bytes.length + " bytes");
        }
        return ByteBuffer.wrap(bytes, (int) offset, (int) Math.min(payloadBytes, bytes.length - offset)).slice()
                .asReadOnlyBuffer();
    }

    int payloadBytes() {
        return payloadBytes;
    }

    int blockOffset(int block) {
        return block * blockPackets * payloadBytes;
    }

    int blockBytes(int block) {
        return Math.min(blockPackets * payloadBytes, bytes.length - blockOffset(block));
    }

    /** Packets in {@code block}: {@link #blockPackets()}, the last block possibly fewer. */
    int packetsIn(int block) {
        return Math.min(blockPackets, packets() - block * blockPackets);
    }

    boolean matches(int block, byte[] copy) {
        return MessageDigest.isEqual(digests[block], sha256(copy, 0, copy.length));
    }

    static byte[] sha256(byte[] data, int offset, int length) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(data, offset, length);
            return digest.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    @Override
    public String toString() {
        return "DataSet[" + bytes.length + " bytes, " + packets() + " packets of " + payloadBytes + ", blocks of "
                + blockPackets + "]";
    }
}

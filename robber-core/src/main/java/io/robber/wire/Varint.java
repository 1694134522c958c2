package io.robber.wire;

import io.netty.buffer.ByteBuf;

/**
 * Unsigned LEB128 varints of non-negative ints: seven bits a byte, low bits first, the high bit set on
 * every byte but the last. Small numbers (the gaps of a sorted set) take one byte.
 */
public final class Varint {
    /** The most bytes an int takes. */
    public static final int MAX_BYTES = 5;

    private Varint() {
    }

    /** The bytes {@link #write} writes for {@code value}. */
    public static int length(int value) {
        return (38 - Integer.numberOfLeadingZeros(value | 1)) / 7;
    }

    public static void write(ByteBuf out, int value) {
        while ((value & ~0x7f) != 0) {
            out.writeByte(value & 0x7f | 0x80);
            value >>>= 7;
        }
        out.writeByte(value);
    }

    /** Reads one varint that must fit a non-negative int; {@code what} names it in the error. */
    public static int read(ByteBuf in, String what) {
        long value = 0;
        for (int shift = 0; shift < 7 * MAX_BYTES; shift += 7) {
            if (!in.isReadable()) {
                throw new MalformedFrameException("frame too short for " + what);
            }
            int b = in.readUnsignedByte();
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                if (value > Integer.MAX_VALUE) {
                    throw new MalformedFrameException(what + " " + value + " does not fit an int");
                }
                return (int) value;
            }
        }
        throw new MalformedFrameException(what + " longer than five bytes");
    }
}

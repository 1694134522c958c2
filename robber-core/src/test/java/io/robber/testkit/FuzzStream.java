package io.robber.testkit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A fuzz input read as the bytes a peer sends on one connection: its first byte holds a target's
 * options, its second how the stream is cut into reads (0: one read; n: reads of 1 to n bytes, their
 * lengths drawn from a generator seeded with n), the rest is the stream.
 */
public final class FuzzStream {
    private final int options;
    private final int chunking;
    private final byte[] stream;

    private FuzzStream(int options, int chunking, byte[] stream) {
        this.options = options;
        this.chunking = chunking;
        this.stream = stream;
    }

    public static FuzzStream of(byte[] input) {
        int options = input.length > 0 ? input[0] & 0xff : 0;
        int chunking = input.length > 1 ? input[1] & 0xff : 0;
        return new FuzzStream(options, chunking, input.length > 2 ? Arrays.copyOfRange(input, 2, input.length)
                : new byte[0]);
    }

    /** An input of {@code options}, cut by {@code chunking}, whose stream is {@code parts} in order. */
    public static byte[] input(int options, int chunking, byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(options);
        out.write(chunking);
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** Whether option {@code bit} (0 to 7) is set. */
    public boolean option(int bit) {
        return (options & 1 << bit) != 0;
    }

    /**
     * Writes the stream into {@code channel} read by read, as a peer's bytes arrive, until the channel
     * closes; returns how many bytes it took.
     */
    public long feed(EmbeddedChannel channel) {
        long sent = 0;
        for (ByteBuf read : reads()) {
            if (!channel.isOpen()) {
                read.release();
                continue;
            }
            sent += read.readableBytes();
            channel.writeInbound(read);
        }
        return sent;
    }

    /** The stream in the reads it arrives in, each a buffer of its own (on the heap, unpooled). */
    public List<ByteBuf> reads() {
        List<ByteBuf> reads = new ArrayList<>();
        SplittableRandom lengths = new SplittableRandom(chunking);
        for (int from = 0; from < stream.length; ) {
            int length = chunking == 0 ? stream.length : Math.min(stream.length - from, 1 + lengths.nextInt(chunking));
            reads.add(Unpooled.wrappedBuffer(Arrays.copyOfRange(stream, from, from + length)));
            from += length;
        }
        return reads;
    }
}

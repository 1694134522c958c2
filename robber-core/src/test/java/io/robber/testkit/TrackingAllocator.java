package io.robber.testkit;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.ArrayList;
import java.util.List;

/**
 * An unpooled allocator that keeps every buffer it hands out, so a test can check that each was
 * released ({@link #unreleased()}) and how many bytes were asked for ({@link #requestedBytes()}).
 * One per connection under test; not thread-safe.
 *
 * <p>Its direct buffers have no cleaner where Netty may make them so (the JVM opens {@code java.nio} to
 * it and {@code io.netty.tryReflectionSetAccessible} is true, as in the fuzz execution): their memory is
 * not zeroed, so a peer's announced 64 MiB piece costs what it sends, not 64 MiB of writes per input.
 */
public final class TrackingAllocator extends AbstractByteBufAllocator {
    private static final ByteBufAllocator DIRECT = new UnpooledByteBufAllocator(true, true, true);
    private final List<ByteBuf> allocated = new ArrayList<>();
    private long requestedBytes;

    public TrackingAllocator() {
        super(false);
    }

    @Override
    protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
        return track(Unpooled.buffer(initialCapacity, maxCapacity), initialCapacity);
    }

    @Override
    protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
        return track(DIRECT.directBuffer(initialCapacity, maxCapacity), initialCapacity);
    }

    @Override
    public boolean isDirectBufferPooled() {
        return false;
    }

    /** The buffers handed out that still hold a reference. */
    public List<ByteBuf> unreleased() {
        return allocated.stream().filter(b -> b.refCnt() > 0).toList();
    }

    /** The initial capacities asked for, summed over every buffer handed out. */
    public long requestedBytes() {
        return requestedBytes;
    }

    private ByteBuf track(ByteBuf buffer, int initialCapacity) {
        allocated.add(buffer);
        requestedBytes += initialCapacity;
        return buffer;
    }
}

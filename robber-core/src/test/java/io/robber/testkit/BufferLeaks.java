package io.robber.testkit;

import io.netty.buffer.AbstractByteBuf;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.lang.reflect.Field;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Netty's buffer leak detector at {@link ResourceLeakDetector.Level#PARANOID} for the duration of a
 * test: every buffer allocated meanwhile is tracked with the stack traces of its last accesses, and
 * every leak the detector reports (a buffer garbage-collected with references outstanding) is kept,
 * whatever logger is configured. {@link #collect()} forces the reports out. Closing restores the
 * previous level.
 */
public final class BufferLeaks implements AutoCloseable {
    private final ResourceLeakDetector<ByteBuf> detector = byteBufDetector();
    private final ResourceLeakDetector.Level previous = ResourceLeakDetector.getLevel();
    private final List<String> leaks = new CopyOnWriteArrayList<>();

    private BufferLeaks() {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        detector.setLeakListener((type, records) -> leaks.add(type + " leaked" + records));
    }

    /** Starts tracking every buffer allocated from now on. */
    public static BufferLeaks paranoid() {
        return new BufferLeaks();
    }

    /**
     * The leaks reported so far, after a few rounds of garbage collection each followed by an
     * allocation: the detector reports the leaks the collector found only when it tracks the next
     * buffer.
     */
    public List<String> collect() throws InterruptedException {
        for (int round = 0; round < 5; round++) {
            System.gc();
            Thread.sleep(100);
            for (int i = 0; i < 16; i++) {
                ByteBufAllocator.DEFAULT.directBuffer(64).release();
                ByteBufAllocator.DEFAULT.heapBuffer(64).release();
            }
        }
        return List.copyOf(leaks);
    }

    @Override
    public void close() {
        detector.setLeakListener(null);
        ResourceLeakDetector.setLevel(previous);
    }

    /** The detector every allocator tracks its buffers with (a package-private field of Netty's). */
    @SuppressWarnings("unchecked")
    private static ResourceLeakDetector<ByteBuf> byteBufDetector() {
        try {
            Field field = AbstractByteBuf.class.getDeclaredField("leakDetector");
            field.setAccessible(true);
            return (ResourceLeakDetector<ByteBuf>) field.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Netty's buffer leak detector is not where this test expects it", e);
        }
    }
}

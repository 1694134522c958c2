package io.robber.emulation.demo;

import io.robber.storage.MemoryStorage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/** The demo's data set: deterministic pseudo-random bytes from a seed. */
final class DemoData {
    private static final int CHUNK = 1 << 20;

    private DemoData() {
    }

    /** {@code size} bytes that depend only on {@code seed} and {@code size}, in memory. */
    static MemoryStorage generate(long size, long seed) throws IOException {
        MemoryStorage storage = new MemoryStorage(size);
        SplittableRandom random = new SplittableRandom(seed);
        ByteBuffer chunk = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
        for (long position = 0; position < size; position += CHUNK) {
            int length = (int) Math.min(CHUNK, size - position);
            chunk.clear();
            while (chunk.remaining() >= Long.BYTES) {
                chunk.putLong(random.nextLong());
            }
            long tail = random.nextLong();
            while (chunk.hasRemaining()) {
                chunk.put((byte) tail);
                tail >>>= 8;
            }
            chunk.clear().limit(length);
            storage.write(position, chunk);
        }
        return storage;
    }
}

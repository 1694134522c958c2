package io.robber.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class MemoryStorageTest {

    @Test
    void newStorageIsZeroFilled() {
        MemoryStorage storage = new MemoryStorage(100);

        assertThat(storage.size()).isEqualTo(100);
        assertThat(storage.toByteArray()).isEqualTo(new byte[100]);
    }

    @Test
    void writeThenReadRoundTrips() {
        MemoryStorage storage = new MemoryStorage(64);
        byte[] data = pattern(20, 1);

        storage.write(10, ByteBuffer.wrap(data));

        ByteBuffer back = ByteBuffer.allocate(20);
        storage.read(10, back);
        assertThat(back.position()).isEqualTo(20);
        assertThat(back.array()).isEqualTo(data);
    }

    @Test
    void writeConsumesTheSourceBuffer() {
        MemoryStorage storage = new MemoryStorage(8);
        ByteBuffer src = ByteBuffer.wrap(pattern(8, 2));

        storage.write(0, src);

        assertThat(src.hasRemaining()).isFalse();
    }

    @Test
    void wrapSharesTheArray() {
        byte[] data = pattern(16, 3);
        MemoryStorage storage = MemoryStorage.wrap(data);

        storage.write(0, ByteBuffer.wrap(new byte[] {42}));
        data[15] = 7;

        assertThat(data[0]).isEqualTo((byte) 42);
        ByteBuffer last = ByteBuffer.allocate(1);
        storage.read(15, last);
        assertThat(last.get(0)).isEqualTo((byte) 7);
    }

    @Test
    void toByteArrayIsACopy() {
        byte[] data = pattern(16, 4);
        MemoryStorage storage = MemoryStorage.wrap(data);

        byte[] copy = storage.toByteArray();
        copy[0]++;

        assertThat(copy).isNotSameAs(data);
        assertThat(storage.toByteArray()).isEqualTo(data);
    }

    @Test
    void emptyStorageWorks() {
        MemoryStorage storage = new MemoryStorage(0);

        storage.read(0, ByteBuffer.allocate(0));
        storage.write(0, ByteBuffer.allocate(0));

        assertThat(storage.toByteArray()).isEmpty();
        assertThat(MemoryStorage.wrap(new byte[0]).toByteArray()).isEmpty();
    }

    @Test
    void readsAndWritesStraddlingChunkBoundariesWork() {
        int size = 50;
        MemoryStorage storage = new MemoryStorage(size, 7);
        byte[] expected = new byte[size];
        Random random = new Random(11);
        for (int i = 0; i < 500; i++) {
            int position = random.nextInt(size + 1);
            byte[] data = new byte[random.nextInt(size - position + 1)];
            random.nextBytes(data);
            storage.write(position, ByteBuffer.wrap(data));
            System.arraycopy(data, 0, expected, position, data.length);

            int from = random.nextInt(size + 1);
            ByteBuffer back = ByteBuffer.allocate(random.nextInt(size - from + 1));
            storage.read(from, back);
            assertThat(back.array()).isEqualTo(Arrays.copyOfRange(expected, from, from + back.capacity()));
        }
        assertThat(storage.toByteArray()).isEqualTo(expected);
    }

    @Test
    void lastChunkMayBeShort() {
        MemoryStorage storage = new MemoryStorage(10, 4);
        byte[] data = pattern(10, 5);

        storage.write(0, ByteBuffer.wrap(data));

        ByteBuffer tail = ByteBuffer.allocate(3);
        storage.read(7, tail);
        assertThat(tail.array()).containsExactly(data[7], data[8], data[9]);
    }

    @Test
    void outOfRangeAccessIsRejected() {
        MemoryStorage storage = new MemoryStorage(10, 4);

        assertThatThrownBy(() -> storage.read(-1, ByteBuffer.allocate(1)))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("read of 1 bytes at position -1 falls outside the storage of 10 bytes");
        assertThatThrownBy(() -> storage.write(8, ByteBuffer.allocate(3)))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("write of 3 bytes at position 8 falls outside the storage of 10 bytes");
        assertThatThrownBy(() -> storage.read(Long.MAX_VALUE, ByteBuffer.allocate(2)))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> storage.read(11, ByteBuffer.allocate(0)))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void rejectedWriteLeavesBytesAndBufferUntouched() {
        MemoryStorage storage = new MemoryStorage(10, 4);
        ByteBuffer src = ByteBuffer.wrap(pattern(4, 6));

        assertThatThrownBy(() -> storage.write(7, src)).isInstanceOf(IndexOutOfBoundsException.class);

        assertThat(src.remaining()).isEqualTo(4);
        assertThat(storage.toByteArray()).isEqualTo(new byte[10]);
    }

    @Test
    void negativeSizeIsRejected() {
        assertThatThrownBy(() -> new MemoryStorage(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("storage size must not be negative: -1");
    }

    @Test
    void toByteArrayRefusesSizesBeyondOneArray() {
        assertThat(MemoryStorage.arrayLength(MemoryStorage.MAX_ARRAY_LENGTH)).isEqualTo(MemoryStorage.MAX_ARRAY_LENGTH);
        assertThatThrownBy(() -> MemoryStorage.arrayLength(3L << 30))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("3221225472 bytes does not fit in one byte array");
    }

    @Test
    void concurrentDisjointWritesAllLand() throws Exception {
        int slices = 8;
        int slice = 1000;
        MemoryStorage storage = new MemoryStorage((long) slices * slice, 333);
        byte[] expected = pattern(slices * slice, 7);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> writes = new ArrayList<>();
            for (int s = 0; s < slices; s++) {
                int from = s * slice;
                writes.add(pool.submit(() -> storage.write(from, ByteBuffer.wrap(expected, from, slice))));
            }
            for (Future<?> write : writes) {
                write.get();
            }
        } finally {
            pool.shutdown();
        }
        assertThat(storage.toByteArray()).isEqualTo(expected);
    }

    @Test
    void aViewShowsTheBytesInPlaceReadOnly() {
        byte[] expected = pattern(20, 5);
        MemoryStorage storage = new MemoryStorage(20, 8);
        storage.write(0, ByteBuffer.wrap(expected));

        ByteBuffer view = storage.view(9, 6).orElseThrow();
        byte[] seen = new byte[view.remaining()];
        view.get(seen);

        assertThat(seen).isEqualTo(Arrays.copyOfRange(expected, 9, 15));
        assertThat(view.isReadOnly()).isTrue();
        assertThat(view.isDirect()).isTrue();
        storage.write(10, ByteBuffer.wrap(new byte[] {(byte) ~expected[10]}));
        assertThat(storage.view(9, 6).orElseThrow().get(1)).isEqualTo((byte) ~expected[10]);
    }

    @Test
    void aViewAcrossChunksIsEmptyAndOutOfRangeIsRejected() {
        MemoryStorage storage = new MemoryStorage(20, 8);

        assertThat(storage.view(6, 4)).isEmpty();
        assertThat(storage.view(16, 4)).isPresent();
        assertThatThrownBy(() -> storage.view(18, 4)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aWrappedArrayIsViewedInPlace() {
        byte[] data = pattern(10, 3);
        MemoryStorage storage = MemoryStorage.wrap(data);

        data[4] = (byte) ~data[4];

        assertThat(storage.view(4, 1).orElseThrow().get(0)).isEqualTo(data[4]);
    }

    static byte[] pattern(int length, int seed) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}

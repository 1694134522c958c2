package io.robber.emulation.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Storage;
import io.robber.storage.MemoryStorage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class DemoVerifierTest {
    /** Over two chunks of the verifier, so that a difference in the last byte is in the second. */
    private static final long SIZE = 3_000_001;

    @Test
    void copiesEqualToTheRootAreVerifiedAndOthersAreNot() throws Exception {
        MemoryStorage root = DemoData.generate(SIZE, 7);
        MemoryStorage same = copyOf(root);
        MemoryStorage lastByteDiffers = copyOf(root);
        flip(lastByteDiffers, SIZE - 1);
        MemoryStorage firstByteDiffers = copyOf(root);
        flip(firstByteDiffers, 0);
        MemoryStorage empty = new MemoryStorage(SIZE);
        MemoryStorage shorter = new MemoryStorage(SIZE - 1);
        String[] errors = new String[6];

        boolean[] verified = DemoVerifier.verify(
                List.of(root, same, lastByteDiffers, firstByteDiffers, empty, shorter), root, errors);

        assertThat(verified).containsExactly(true, true, false, false, false, false);
        assertThat(errors).containsOnlyNulls();
    }

    @Test
    void aNodeWithAnErrorIsNotCheckedAndAnUnreadableCopyGetsOne() throws Exception {
        MemoryStorage root = DemoData.generate(SIZE, 7);
        Storage unreadable = new Storage() {
            @Override
            public long size() {
                return SIZE;
            }

            @Override
            public void read(long position, ByteBuffer dst) throws IOException {
                throw new IOException("disk gone");
            }

            @Override
            public void write(long position, ByteBuffer src) {
            }
        };
        String[] errors = {null, "timed out", null};

        boolean[] verified = DemoVerifier.verify(List.of(root, copyOf(root), unreadable), root, errors);

        assertThat(verified).containsExactly(true, false, false);
        assertThat(errors[1]).isEqualTo("timed out");
        assertThat(errors[2]).startsWith("cannot read its copy:").contains("disk gone");
    }

    private static MemoryStorage copyOf(MemoryStorage storage) {
        return MemoryStorage.wrap(storage.toByteArray());
    }

    private static void flip(MemoryStorage storage, long position) throws IOException {
        ByteBuffer one = ByteBuffer.allocate(1);
        storage.read(position, one);
        one.flip();
        storage.write(position, ByteBuffer.wrap(new byte[] {(byte) ~one.get()}));
    }
}

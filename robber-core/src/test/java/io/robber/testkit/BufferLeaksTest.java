package io.robber.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import org.junit.jupiter.api.Test;

class BufferLeaksTest {

    @Test
    void reportsABufferCollectedUnreleasedWithWhereItWasAllocated() throws Exception {
        try (BufferLeaks leaks = BufferLeaks.paranoid()) {
            dropUnreleased();
            assertThat(leaks.collect()).singleElement().asString()
                    .contains("ByteBuf leaked").contains("Created at:").contains("dropUnreleased");
        }
    }

    @Test
    void reportsNothingForReleasedBuffers() throws Exception {
        try (BufferLeaks leaks = BufferLeaks.paranoid()) {
            ByteBufAllocator.DEFAULT.directBuffer(32).writeInt(7).release();
            assertThat(leaks.collect()).isEmpty();
        }
    }

    private static void dropUnreleased() {
        ByteBuf buf = ByteBufAllocator.DEFAULT.directBuffer(32);
        buf.writeLong(42);
    }
}

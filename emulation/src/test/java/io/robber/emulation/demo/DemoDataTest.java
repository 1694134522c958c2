package io.robber.emulation.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.storage.MemoryStorage;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;

class DemoDataTest {

    @Test
    void sameSeedSameBytesOtherSeedOtherBytes() throws Exception {
        long size = (1 << 20) * 2 + 13;
        byte[] a = DemoData.generate(size, 42).toByteArray();
        byte[] b = DemoData.generate(size, 42).toByteArray();
        byte[] c = DemoData.generate(size, 43).toByteArray();

        assertThat(a).hasSize((int) size).isEqualTo(b).isNotEqualTo(c);
    }

    @Test
    void digestCoversTheWholeStorage() throws Exception {
        MemoryStorage data = DemoData.generate(3_000_001, 7);
        byte[] expected = MessageDigest.getInstance("SHA-256").digest(data.toByteArray());

        assertThat(DemoData.sha256(data)).isEqualTo(expected);

        data.write(3_000_000, ByteBuffer.wrap(new byte[] {(byte) ~data.toByteArray()[3_000_000]}));
        assertThat(DemoData.sha256(data)).isNotEqualTo(expected);
    }
}

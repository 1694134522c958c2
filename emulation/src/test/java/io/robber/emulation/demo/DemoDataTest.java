package io.robber.emulation.demo;

import static org.assertj.core.api.Assertions.assertThat;

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
}

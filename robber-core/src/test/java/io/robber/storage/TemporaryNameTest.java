package io.robber.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Issue 14, found item 12: a temporary name keeps a legal name legal. */
class TemporaryNameTest {

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void aShortNameKeepsItsPrefixAndSuffix() {
        assertThat(TemporaryName.of(".", "data.bin", ".robber-partial")).isEqualTo(".data.bin.robber-partial");
    }

    @Test
    void longNamesAreCutToTheLimitAndStayDistinct() {
        String a = "n".repeat(250) + "a";
        String b = "n".repeat(250) + "b";
        String tempA = TemporaryName.of(".robber-", a, ".0123456789abcdef.part");
        String tempB = TemporaryName.of(".robber-", b, ".0123456789abcdef.part");

        assertThat(bytes(tempA)).isEqualTo(TemporaryName.MAX_BYTES);
        assertThat(tempA).startsWith(".robber-nnn").endsWith(".0123456789abcdef.part").isNotEqualTo(tempB);
        assertThat(TemporaryName.of(".robber-", a, ".0123456789abcdef.part")).isEqualTo(tempA);
    }

    @Test
    void aCutNeverSplitsAMultiByteCharacter() {
        String name = "é".repeat(127);
        String temp = TemporaryName.of(".", name, ".robber-partial");

        assertThat(bytes(temp)).isLessThanOrEqualTo(TemporaryName.MAX_BYTES);
        assertThat(new String(temp.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(temp);
        assertThat(temp).doesNotContain("\uFFFD");
    }
}

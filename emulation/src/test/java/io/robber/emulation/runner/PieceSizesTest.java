package io.robber.emulation.runner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PieceSizesTest {
    @Test
    void aboutEightThousandPiecesBetweenSixteenKibibytesAndOneMebibyte() {
        assertThat(PieceSizes.forDataSize(600_000_000L)).isEqualTo(64 << 10);
        assertThat(PieceSizes.forDataSize(30_000_000L)).isEqualTo(16 << 10);
        assertThat(PieceSizes.forDataSize(1_000_000_000L)).isEqualTo(64 << 10);
        assertThat(PieceSizes.forDataSize(100L << 30)).isEqualTo(1 << 20);
        assertThat(PieceSizes.forDataSize(1)).isEqualTo(16 << 10);
    }
}

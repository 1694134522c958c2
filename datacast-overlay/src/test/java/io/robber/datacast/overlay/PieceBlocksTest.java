package io.robber.datacast.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PieceBlocksTest {

    /** Block b on tree b mod k; walking each tree with nextOnTree visits exactly its pieces, in order. */
    @Test
    void eachTreeWalksItsOwnBlocks() {
        PieceBlocks blocks = new PieceBlocks(3, 2, 14);
        List<Integer> seen = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            for (int p = blocks.nextOnTree(t, 0); p < 14; p = blocks.nextOnTree(t, p + 1)) {
                assertThat(blocks.tree(p)).isEqualTo(t);
                seen.add(p);
            }
        }
        assertThat(seen).containsExactly(0, 1, 2, 6, 7, 8, 12, 13, 3, 4, 5, 9, 10, 11);
        assertThat(new PieceBlocks(4, 1, 5).nextOnTree(0, 5)).isEqualTo(5);
    }
}

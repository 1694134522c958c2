package io.robber.planning;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BoundTest {

    @Test
    void aTreeIsAValueWithParentsAndChildren() {
        int[] parents = {-1, 0, 0, 2};
        Bound.Tree tree = new Bound.Tree(parents, 2.5);
        parents[1] = 3;
        assertThat(tree.parent(1)).isZero();
        assertThat(tree.parent(0)).isEqualTo(-1);
        assertThat(tree.children(0)).isEqualTo(2);
        assertThat(tree.children(2)).isEqualTo(1);
        assertThat(tree.children(3)).isZero();
        tree.parents()[1] = 3;
        assertThat(tree.parents()).containsExactly(-1, 0, 0, 2);
        assertThat(tree).isEqualTo(new Bound.Tree(new int[] {-1, 0, 0, 2}, 2.5))
                .hasSameHashCodeAs(new Bound.Tree(new int[] {-1, 0, 0, 2}, 2.5))
                .isNotEqualTo(new Bound.Tree(new int[] {-1, 0, 1, 2}, 2.5));
        assertThat(tree.toString()).contains("[-1, 0, 0, 2]", "2.5");
        assertThat(new Bound(2.5, List.of(tree)).trees()).containsExactly(tree);
    }
}

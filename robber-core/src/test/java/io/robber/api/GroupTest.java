package io.robber.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class GroupTest {
    private final Group group = new Group(List.of(
            member("a", "x"), member("b", "y"), member("c", "x"), member("d", "z"), member("e", "y"), member("f", "x")));

    @Test
    void clustersAppearInOrderOfFirstAppearance() {
        assertThat(group.clusters()).containsExactly("x", "y", "z");
        assertThat(group.size()).isEqualTo(6);
    }

    @Test
    void collectivesListMembersInGroupOrder() {
        assertThat(group.collective("x")).containsExactly(0, 2, 5);
        assertThat(group.collective("y")).containsExactly(1, 4);
        assertThat(group.collective("z")).containsExactly(3);
        assertThat(group.collectiveOf(4)).isEqualTo(group.collective("y"));
    }

    @Test
    void rankIsThePositionInsideTheCollective() {
        assertThat(group.rank(group.indexOf("a"))).isZero();
        assertThat(group.rank(group.indexOf("c"))).isEqualTo(1);
        assertThat(group.rank(group.indexOf("f"))).isEqualTo(2);
        assertThat(group.rank(group.indexOf("b"))).isZero();
        assertThat(group.rank(group.indexOf("e"))).isEqualTo(1);
        assertThat(group.rank(group.indexOf("d"))).isZero();
    }

    @Test
    void clusterIndexAndSameCluster() {
        assertThat(group.clusterIndex(5)).isZero();
        assertThat(group.clusterIndex(4)).isEqualTo(1);
        assertThat(group.clusterIndex(3)).isEqualTo(2);
        assertThat(group.sameCluster(0, 5)).isTrue();
        assertThat(group.sameCluster(0, 1)).isFalse();
    }

    @Test
    void membersAreLookedUpByIdAndIndex() {
        assertThat(group.indexOf("d")).isEqualTo(3);
        assertThat(group.member(3).id()).isEqualTo("d");
        assertThat(group.members()).extracting(Member::id).containsExactly("a", "b", "c", "d", "e", "f");
    }

    @Test
    void viewsAreImmutable() {
        assertThatThrownBy(() -> group.members().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> group.collective("x").clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> group.clusters().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void duplicateIdIsRejected() {
        assertThatThrownBy(() -> new Group(List.of(member("a", "x"), member("b", "y"), member("a", "y"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("member id a appears twice in the group");
    }

    @Test
    void unknownIdAndClusterAreNamed() {
        assertThatThrownBy(() -> group.indexOf("q"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no member with id 'q' in the group");
        assertThatThrownBy(() -> group.collective("w"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no cluster named 'w' in the group");
    }

    @Test
    void emptyGroupAndBlankNamesAreRejected() {
        assertThatThrownBy(() -> new Group(List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a group needs at least one member");
        assertThatThrownBy(() -> member(" ", "x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("member id must not be blank");
        assertThatThrownBy(() -> member("a", ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cluster name of member a must not be blank");
    }

    private static Member member(String id, String cluster) {
        return Member.of(id, cluster, "127.0.0.1", 7000);
    }
}

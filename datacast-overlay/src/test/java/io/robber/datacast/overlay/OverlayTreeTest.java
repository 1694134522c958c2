package io.robber.datacast.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.sim.SimData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The contraction of Datacast's Steiner trees to the members, and the plan's options. */
class OverlayTreeTest {
    private static final String TABLE_1_SERVERS = "00,02,10,21,23,31,33";

    private static DatacastPlan plan(Group group, Map<String, String> extra) {
        return (DatacastPlan) new DatacastProtocol().plan(group, new ProtocolOptions(5, 5, 1, extra));
    }

    /**
     * The paper's Table 1 group on BCube(4,1) (docs/datacast.md prints its two trees): on tree 1 the
     * servers 01, 03 and 11 relay but are not members, so every member hangs off the source; on tree 2
     * receiver 10 is a branching point, and 02 (reached through 10, ⟨0,1⟩, 12, ⟨1,2⟩) gets 10 as its
     * parent and the source as its grandparent.
     */
    @Test
    void switchesAndServersWithoutAMemberVanish() {
        Group group = SimData.clusters(7);
        DatacastPlan plan = plan(group, Map.of("datacast.topology", "bcube:4,1", "datacast.servers", TABLE_1_SERVERS));
        assertThat(plan.trees()).hasSize(2);
        OverlayTree first = plan.trees().get(0);
        OverlayTree second = plan.trees().get(1);
        for (int m = 1; m < 7; m++) {
            assertThat(first.parent(m)).as("tree 1 parent of member %d", m).isZero();
        }
        int s02 = 1;
        int s10 = 2;
        assertThat(second.parent(s02)).isEqualTo(s10);
        assertThat(second.ancestors(s02)).containsExactly(s10, 0);
        assertThat(second.children(s10)).containsExactly(s02);
        assertThat(second.children(0)).containsExactly(2, 3, 4, 5, 6);
        assertThat(first.root()).isZero();
        assertThat(plan.graph().connected(s02, s10)).isTrue();
        assertThat(plan.graph().connected(s02, 0)).as("the grandparent, to re-parent to").isTrue();
    }

    /** With a member on every server of BCube(4,1), each member's ancestors lead to the root without repeats. */
    @Test
    void everyMemberLeadsToTheRoot() {
        Group group = SimData.clusters(4, 4, 4, 4);
        DatacastPlan plan = plan(group, Map.of("datacast.topology", "bcube:4,1"));
        assertThat(plan.trees()).hasSize(2);
        int relays = 0;
        for (OverlayTree tree : plan.trees()) {
            for (int m = 1; m < group.size(); m++) {
                int[] ancestors = tree.ancestors(m);
                assertThat(ancestors).isNotEmpty().doesNotHaveDuplicates().doesNotContain(m);
                assertThat(ancestors[ancestors.length - 1]).isZero();
                relays += tree.children(m).length > 0 ? 1 : 0;
            }
        }
        assertThat(relays).as("members that relay on some tree").isPositive();
    }

    /** Without a topology every member sits under one switch: one tree, a star from the source. */
    @Test
    void withoutATopologyOneTreeFromTheSource() {
        Group group = SimData.clusters(3, 3);
        DatacastPlan plan = plan(group, Map.of());
        assertThat(plan.trees()).hasSize(1);
        assertThat(plan.trees().get(0).children(0)).containsExactly(1, 2, 3, 4, 5);
    }

    @Test
    void aSourceOtherThanTheFirstMember() {
        Group group = SimData.clusters(4, 4);
        DatacastPlan plan = plan(group, Map.of("datacast.topology", "bcube:4,1", "datacast.source", "c1n2"));
        int source = group.indexOf("c1n2");
        plan.trees().forEach(tree -> assertThat(tree.root()).isEqualTo(source));
        List<java.util.BitSet> possessions = java.util.stream.IntStream.range(0, group.size())
                .mapToObj(SimData.roots(10, source)).toList();
        assertThat(plan.checkPossession(possessions, 10)).isEmpty();
    }

    @Test
    void badOptionsAreNamed() {
        Group group = SimData.clusters(4, 4, 4, 4, 1);
        assertThatThrownBy(() -> plan(group, Map.of("datacast.topology", "bcube:4,1")))
                .hasMessageContaining("17 members do not fit on the 16 servers of bcube:4,1");
        assertThatThrownBy(() -> plan(SimData.clusters(2), Map.of("datacast.topolgy", "bcube:4,1")))
                .hasMessageContaining("unknown option datacast.topolgy");
        assertThatThrownBy(() -> plan(SimData.clusters(2), Map.of("datacast.topology", "leafspine:1,1,2",
                "datacast.servers", "host0.0,leaf0"))).hasMessageContaining("is a switch");
        assertThatThrownBy(() -> plan(SimData.clusters(2), Map.of("datacast.topology", "bcube:4,1",
                "datacast.servers", "00,00"))).hasMessageContaining("named twice");
        assertThatThrownBy(() -> plan(SimData.clusters(2), Map.of("datacast.servers", "00"))).hasMessageContaining(
                "names 1 servers, but the group has 2 members");
        assertThatThrownBy(() -> plan(SimData.clusters(2), Map.of("datacast.window", "65")))
                .hasMessageContaining("at most 64");
        assertThatThrownBy(() -> plan(SimData.clusters(8), Map.of("datacast.topology", "torus:3,4",
                "datacast.window", "40"))).hasMessageContaining("lower datacast.window to at most 16");
    }

    @Test
    void theSourceMustHoldEverything() {
        DatacastPlan plan = plan(SimData.clusters(2), Map.of());
        assertThat(plan.checkPossession(List.of(new java.util.BitSet(), new java.util.BitSet()), 3)).get()
                .asString().contains("holds 0 of 3 pieces");
    }
}

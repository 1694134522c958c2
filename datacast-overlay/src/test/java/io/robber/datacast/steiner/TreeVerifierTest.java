package io.robber.datacast.steiner;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.TopologySpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class TreeVerifierTest {
    private final Network network = TopologySpec.parse("bcube:4,1").network();
    private final Group group = Groups.of(network, "00", "01", "02");

    /** The arc from {@code from} to {@code to}. */
    private int arc(String from, String to) {
        int a = network.node(from).index();
        return network.arc(network.linkBetween(a, network.node(to).index()), a);
    }

    private SteinerTree tree(int... arcs) {
        return new SteinerTree(group.source().index(), arcs, 2);
    }

    private final SteinerTree good = tree(arc("00", "<0,0>"), arc("<0,0>", "01"), arc("<0,0>", "02"));

    @Test
    void aGoodTreePasses() {
        assertThat(TreeVerifier.problems(network, group, FailedLinks.none(), List.of(good))).isEmpty();
    }

    @Test
    void twoTreesOnTheSameArcAreCaught() {
        SteinerTree other = tree(arc("00", "<0,0>"), arc("<0,0>", "01"), arc("01", "<1,1>"), arc("<1,1>", "11"),
                arc("11", "<0,1>"), arc("<0,1>", "12"), arc("12", "<1,2>"), arc("<1,2>", "02"));

        assertThat(TreeVerifier.problems(network, group, FailedLinks.none(), List.of(good, other)))
                .anyMatch(p -> p.contains("shares arc 00→<0,0> with tree 1"))
                .anyMatch(p -> p.contains("enters 01 twice") || p.contains("shares arc <0,0>→01"));
    }

    @Test
    void theOtherDirectionOfALinkIsFree() {
        SteinerTree back = tree(arc("00", "<1,0>"), arc("<1,0>", "10"), arc("10", "<0,1>"), arc("<0,1>", "11"),
                arc("11", "<1,1>"), arc("<1,1>", "01"), arc("01", "<0,0>"), arc("<0,0>", "02"));

        assertThat(TreeVerifier.problems(network, group, FailedLinks.none(), List.of(good, back)))
                .containsExactly("tree 2: shares arc <0,0>→02 with tree 1");
    }

    @Test
    void missingReceiversCyclesDanglingBranchesAndFailedLinksAreCaught() {
        SteinerTree missing = tree(arc("00", "<0,0>"), arc("<0,0>", "01"));
        SteinerTree dangling = tree(arc("00", "<0,0>"), arc("<0,0>", "01"), arc("<0,0>", "02"), arc("<0,0>", "03"));
        SteinerTree cycle = tree(arc("00", "<0,0>"), arc("<0,0>", "01"), arc("<0,0>", "02"),
                arc("11", "<1,1>"), arc("<1,1>", "21"), arc("21", "<0,2>"), arc("<0,2>", "20"), arc("20", "<1,0>"),
                arc("<1,0>", "10"), arc("10", "<0,1>"), arc("<0,1>", "11"));
        FailedLinks failed = FailedLinks.of(Network.linkOf(arc("<0,0>", "02")));

        assertThat(TreeVerifier.problems(network, group, FailedLinks.none(), List.of(missing)))
                .containsExactly("tree 1: does not reach receiver 02");
        assertThat(TreeVerifier.problems(network, group, FailedLinks.none(), List.of(dangling)))
                .containsExactly("tree 1: keeps a branch ending at 03, which is no receiver");
        assertThat(TreeVerifier.problems(network, group, FailedLinks.none(), List.of(cycle)))
                .anyMatch(p -> p.contains("is not connected to the source"));
        assertThat(TreeVerifier.problems(network, group, failed, List.of(good)))
                .containsExactly("tree 1: uses failed link 02—<0,0>");
    }
}

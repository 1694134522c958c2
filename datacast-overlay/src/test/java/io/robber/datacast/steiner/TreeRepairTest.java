package io.robber.datacast.steiner;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** §4.1.3 on trees in use: BCube(4,1)'s two trees to Table 1's group, links failed under them. */
class TreeRepairTest {
    private final BCube bcube = BCube.of(4, 1, LinkProfiles.DEFAULT);
    private final Network network = bcube.network();
    private final Group group = new Group(network.node("00"),
            List.of("02", "10", "21", "23", "31", "33").stream().map(network::node).toList());
    private final List<SteinerTree> trees = MultipleSteinerTrees.on(bcube).calculate(group, FailedLinks.none()).trees();
    private final TreeRepair repair = new TreeRepair(network);

    private int link(String a, String b) {
        return network.linkBetween(network.node(a).index(), network.node(b).index());
    }

    @Test
    void aBrokenTreeIsRebuiltAroundTheFailureAndTheOtherKeptAsItIs() {
        FailedLinks failed = FailedLinks.of(link("01", "<1,1>"));
        assertThat(trees.get(0).isBroken(failed)).isTrue();
        assertThat(trees.get(1).isBroken(failed)).isFalse();

        List<Optional<SteinerTree>> repaired = repair.repair(group, trees, failed);

        assertThat(repaired.get(1)).containsSame(trees.get(1));
        assertThat(repaired.get(0)).isPresent();
        List<SteinerTree> now = new ArrayList<>();
        repaired.forEach(tree -> tree.ifPresent(now::add));
        assertThat(TreeVerifier.problems(network, group, failed, now)).isEmpty();
    }

    @Test
    void aTreeThatCannotBeRebuiltIsDroppedAndACutOffReceiverNamed() {
        FailedLinks sourceLink = FailedLinks.of(link("00", "<0,0>"));
        List<Optional<SteinerTree>> repaired = repair.repair(group, trees, sourceLink);
        assertThat(repaired.stream().filter(Optional::isPresent).count()).isEqualTo(1);
        assertThat(repair.unreachable(group, sourceLink)).isEmpty();

        FailedLinks cut = FailedLinks.of(link("33", "<0,3>"), link("33", "<1,3>"));
        assertThat(repair.repair(group, trees, cut)).allSatisfy(tree -> assertThat(tree).isEmpty());
        assertThat(repair.unreachable(group, cut)).containsExactly(network.node("33"));
    }

    @Test
    void aTreeDroppedForAFailedLinkIsGrownAgainBesideTheOtherWhenTheLinkComesBack() {
        FailedLinks sourceLink = FailedLinks.of(link("00", "<0,0>"));
        List<SteinerTree> kept = repair.repair(group, trees, sourceLink).stream().flatMap(Optional::stream).toList();
        assertThat(kept).hasSize(1);
        assertThat(repair.extend(group, kept, sourceLink)).as("the source's other link is in use").isEmpty();

        List<SteinerTree> added = repair.extend(group, kept, FailedLinks.none());

        assertThat(added).hasSize(1);
        List<SteinerTree> now = new ArrayList<>(kept);
        now.addAll(added);
        assertThat(TreeVerifier.problems(network, group, FailedLinks.none(), now)).isEmpty();
    }

    @Test
    void noTreeIsAddedWhereTheTreesInUseAlreadyTakeEveryWayIn() {
        assertThat(repair.extend(group, trees, FailedLinks.none())).isEmpty();
    }
}

package io.robber.datacast.steiner;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologySpec;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MultipleSteinerTreesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "bcube:8,3 | 4", "bcube:4,1 | 2", "bcube:4,2 | 3", "torus:16,3 | 6", "torus:8,2 | 4", "torus:5,4 | 8",
        "fattree:24,3 | 1", "fattree:8,3 | 1", "leafspine:4,8,16 | 1"})
    void withoutFailuresRandomGroupsGetAllTheTopologysTrees(String spec, int count) {
        Topology topology = TopologySpec.parse(spec);
        Network network = topology.network();
        MultipleSteinerTrees algorithm = MultipleSteinerTrees.on(topology);
        Random random = new Random(11);

        for (int run = 0; run < 20; run++) {
            int size = 2 + random.nextInt(Math.min(network.servers().size() - 1, 1024));
            Group group = Groups.random(network, size, random);

            SteinerTreeSet trees = algorithm.calculate(group, FailedLinks.none());

            assertThat(trees.size()).as("%s, group of %d", spec, size).isEqualTo(count)
                    .isEqualTo(TreeBound.of(network, group, FailedLinks.none()));
            assertThat(trees.repaired()).isZero();
            assertThat(TreeVerifier.problems(network, group, FailedLinks.none(), trees.trees())).isEmpty();
        }
    }

    /** §6.1: 1, 3 and 5 % of the links failed; groups cut off from their source are left out, as in the paper. */
    @ParameterizedTest(name = "{0}, {1} failed")
    @CsvSource(delimiter = '|', value = {
        "bcube:8,3 | 0.01", "bcube:8,3 | 0.03", "bcube:8,3 | 0.05",
        "torus:16,3 | 0.01", "torus:16,3 | 0.03", "torus:16,3 | 0.05",
        "fattree:24,3 | 0.01", "fattree:24,3 | 0.03", "fattree:24,3 | 0.05",
        "bcube:4,1 | 0.05", "torus:4,2 | 0.05", "leafspine:4,8,16 | 0.05"})
    void withFailedLinksTheTreesStayWithinTheBoundAndAtLeastOneSurvives(String spec, double fraction) {
        Topology topology = TopologySpec.parse(spec);
        Network network = topology.network();
        MultipleSteinerTrees algorithm = MultipleSteinerTrees.on(topology);
        Random random = new Random(Math.round(fraction * 1000) + spec.hashCode());
        int connected = 0;
        int trees = 0;
        int bounds = 0;

        for (int run = 0; run < 30; run++) {
            FailedLinks failed = FailedLinks.random(network, fraction, random);
            int size = 2 + random.nextInt(Math.min(network.servers().size() - 1, 256));
            Group group = Groups.random(network, size, random);

            SteinerTreeSet result = algorithm.calculate(group, failed);
            int bound = TreeBound.of(network, group, failed);

            assertThat(result.size()).isLessThanOrEqualTo(bound);
            assertThat(TreeVerifier.problems(network, group, failed, result.trees())).isEmpty();
            if (algorithm.connected(group, failed)) {
                connected++;
                trees += result.size();
                bounds += bound;
                assertThat(result.size()).as("%s run %d", spec, run).isGreaterThanOrEqualTo(1);
            } else {
                assertThat(result.trees()).isEmpty();
            }
        }
        assertThat(connected).isGreaterThan(0);
        assertThat((double) trees / bounds).as("trees / bound").isGreaterThan(0.8);
    }

    @Test
    void thePapersTable1GroupGetsTwoTreesOnBCube41() {
        Network network = TopologySpec.parse("bcube:4,1").network();
        Group group = Groups.of(network, "00", "02", "10", "21", "23", "31", "33");

        SteinerTreeSet trees = MultipleSteinerTrees.on(TopologySpec.parse("bcube:4,1")).calculate(group, FailedLinks.none());

        assertThat(trees.size()).isEqualTo(2);
        assertThat(trees.trees()).allSatisfy(tree -> assertThat(tree.depth()).isLessThanOrEqualTo(6));
        assertThat(trees.trees().get(0).branchingNodes(network)).isNotEmpty();
    }

    @Test
    void aTreeBrokenByAFailedLinkIsRebuiltAroundIt() {
        Topology topology = TopologySpec.parse("fattree:4,3");
        Network network = topology.network();
        Group group = Group.allServers(network, network.node("000"));
        SteinerTree intact = MultipleSteinerTrees.on(topology).calculate(group, FailedLinks.none()).trees().get(0);
        int onTree = java.util.Arrays.stream(intact.arcs()).map(Network::linkOf)
                .filter(link -> !network.link(link).a().isServer() && !network.link(link).b().isServer())
                .findFirst().orElseThrow();
        FailedLinks failed = FailedLinks.of(onTree);

        SteinerTreeSet repaired = MultipleSteinerTrees.on(topology).calculate(group, failed);

        assertThat(repaired.repaired()).isEqualTo(1);
        assertThat(repaired.trees()).hasSize(1);
        assertThat(repaired.trees().get(0).isBroken(failed)).isFalse();
        assertThat(TreeVerifier.problems(network, group, failed, repaired.trees())).isEmpty();
    }

    @Test
    void aReceiverCutOffLeavesNoTreeAndABoundOfZero() {
        Topology topology = TopologySpec.parse("fattree:4,3");
        Network network = topology.network();
        Group group = Groups.of(network, "000", "001", "113");
        int receiverLink = Network.linkOf(network.outArc(network.outStart(network.node("113").index())));
        FailedLinks failed = FailedLinks.of(receiverLink);

        SteinerTreeSet trees = MultipleSteinerTrees.on(topology).calculate(group, failed);

        assertThat(trees.trees()).isEmpty();
        assertThat(trees.dropped()).isEqualTo(1);
        assertThat(TreeBound.of(network, group, failed)).isZero();
        assertThat(MultipleSteinerTrees.on(topology).connected(group, failed)).isFalse();
    }
}

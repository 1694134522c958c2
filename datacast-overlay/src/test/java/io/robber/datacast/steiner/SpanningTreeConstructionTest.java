package io.robber.datacast.steiner;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologySpec;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpanningTreeConstructionTest {

    /** From every server as the source, the trees reach every other server, disjoint in arcs. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "bcube:2,0 | 1", "bcube:4,1 | 2", "bcube:2,3 | 4", "bcube:3,2 | 3", "bcube:5,1 | 2",
        "torus:3,1 | 2", "torus:5,1 | 2", "torus:3,2 | 4", "torus:4,2 | 4", "torus:5,3 | 6", "torus:3,4 | 8",
        "fattree:4,3 | 1", "fattree:6,2 | 1", "fattree:4,1 | 1", "fattree:4,4 | 1",
        "leafspine:3,4,5 | 1"})
    void everySourceGetsThePapersNumberOfEdgeDisjointSpanningTrees(String spec, int count) {
        Topology topology = TopologySpec.parse(spec);
        Network network = topology.network();
        SpanningTreeConstruction construction = SpanningTreeConstruction.of(topology);

        for (Node source : network.servers()) {
            List<SpanningTree> spanning = construction.spanningTrees(source.index());
            Group everyone = Group.allServers(network, source);
            List<SteinerTree> trees = spanning.stream()
                    .map(tree -> Pruning.prune(network, tree, everyone).orElseThrow()).toList();

            assertThat(trees).as("%s from %s", spec, source).hasSize(count);
            assertThat(TreeVerifier.problems(network, everyone, FailedLinks.none(), trees))
                    .as("%s from %s", spec, source).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // spec | deepest tree, in links
        "fattree:24,3 | 6", "fattree:4,3 | 6", "bcube:4,1 | 6", "bcube:8,3 | 10", "torus:4,2 | 7", "torus:16,3 | 46"})
    void treesStayShallow(String spec, int depth) {
        Topology topology = TopologySpec.parse(spec);
        Network network = topology.network();
        Group everyone = Group.allServers(network, network.servers().get(0));

        List<SpanningTree> spanning = SpanningTreeConstruction.of(topology).spanningTrees(0);

        assertThat(spanning).allSatisfy(tree ->
                assertThat(Pruning.prune(network, tree, everyone).orElseThrow().depth()).isLessThanOrEqualTo(depth));
    }
}

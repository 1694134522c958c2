package io.robber.datacast.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NetworkTest {
    private final Network network = TopologySpec.parse("fattree:4,3").network();

    @Test
    void eachLinkCarriesTwoArcsOneEachWay() {
        for (Link link : network.links()) {
            int forward = network.arc(link.index(), link.a().index());
            int back = network.arc(link.index(), link.b().index());
            assertThat(forward).isNotEqualTo(back);
            assertThat(Network.linkOf(forward)).isEqualTo(link.index());
            assertThat(network.tail(forward)).isEqualTo(network.head(back)).isEqualTo(link.a().index());
            assertThat(network.head(forward)).isEqualTo(link.b().index());
        }
    }

    @Test
    void outgoingArcsLeaveTheirNode() {
        int arcs = 0;
        for (Node node : network.nodes()) {
            for (int i = network.outStart(node.index()); i < network.outStart(node.index() + 1); i++) {
                assertThat(network.tail(network.outArc(i))).isEqualTo(node.index());
                arcs++;
            }
        }
        assertThat(arcs).isEqualTo(network.arcCount()).isEqualTo(2 * network.linkCount());
    }

    @Test
    void namesAreUniqueAndIndicesStableWithServersFirst() {
        assertThat(new HashSet<>(network.nodes().stream().map(Node::name).toList())).hasSize(network.nodeCount());
        for (int i = 0; i < network.nodeCount(); i++) {
            assertThat(network.node(i).index()).isEqualTo(i);
            assertThat(network.node(network.node(i).name())).isEqualTo(network.node(i));
            assertThat(network.node(i).isServer()).isEqualTo(i < network.servers().size());
        }
        assertThat(TopologySpec.parse("fattree:4,3").network()).isEqualTo(network);
    }

    @Test
    void theJgraphtViewIsReadOnly() {
        assertThatThrownBy(() -> network.graph().removeVertex(network.node(0)))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void anUnknownNameSaysHowServersAreNamed() {
        assertThatThrownBy(() -> network.node("nowhere")).hasMessageContaining("no node 'nowhere'")
                .hasMessageContaining("servers are named like '000'");
    }

    @Test
    void randomFailuresTakeTheRoundedFractionOfLinksReproducibly() {
        FailedLinks failed = FailedLinks.random(network, 0.05, new Random(7));

        assertThat(failed.count()).isEqualTo(Math.round(0.05 * network.linkCount()));
        assertThat(FailedLinks.random(network, 0.05, new Random(7)).links()).isEqualTo(failed.links());
        assertThat(FailedLinks.random(network, 1, new Random(1)).count()).isEqualTo(network.linkCount());
        assertThatThrownBy(() -> FailedLinks.random(network, 1.5, new Random(1))).hasMessageContaining("between 0 and 1");
    }
}

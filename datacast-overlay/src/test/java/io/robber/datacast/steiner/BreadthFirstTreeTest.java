package io.robber.datacast.steiner;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologySpec;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** One search and one pruning serve every tree of a group; reusing their arrays must not change a tree. */
class BreadthFirstTreeTest {

    @Test
    void aReusedSearchGrowsTheTreesAFreshSearchGrows() {
        Network network = TopologySpec.parse("torus:8,2").network();
        Random random = new Random(5);
        int grown = 0;

        for (int run = 0; run < 40; run++) {
            FailedLinks failed = FailedLinks.random(network, 0.05, random);
            Group group = Groups.random(network, 2 + random.nextInt(40), random);
            Pruning pruning = new Pruning(network, group);
            BreadthFirstTree reused = new BreadthFirstTree(network, group, pruning);
            FreeArcs free = new FreeArcs(network, failed);

            for (int tree = 0; tree < 4; tree++) {
                Optional<SteinerTree> fresh = new BreadthFirstTree(network, group, new Pruning(network, group)).grow(free);
                Optional<SteinerTree> again = reused.grow(free);

                assertThat(again).isEqualTo(fresh);
                assertThat(again.map(SteinerTree::depth)).isEqualTo(fresh.map(SteinerTree::depth));
                if (again.isEmpty()) {
                    break;
                }
                free.take(again.get());
                grown++;
            }
        }
        assertThat(grown).isGreaterThan(40);
    }

    @Test
    void aReusedPruningPrunesEachSpanningTreeAsAFreshOne() {
        Topology topology = TopologySpec.parse("bcube:4,2");
        Network network = topology.network();
        Random random = new Random(3);

        for (int run = 0; run < 20; run++) {
            Group group = Groups.random(network, 2 + random.nextInt(30), random);
            Pruning reused = new Pruning(network, group);
            for (SpanningTree spanning : SpanningTreeConstruction.of(topology).spanningTrees(group.source().index())) {
                Optional<SteinerTree> fresh = Pruning.prune(network, spanning, group);

                assertThat(reused.prune(spanning)).isEqualTo(fresh);
                assertThat(fresh.orElseThrow().depth()).isEqualTo(reused.prune(spanning).orElseThrow().depth());
            }
        }
    }

    @Test
    void anArcIsFreeWhileItsLinkIsUpAndNoTreeTakesIt() {
        Network network = TopologySpec.parse("torus:4,2").network();
        FreeArcs free = new FreeArcs(network, FailedLinks.of(3));
        SteinerTree tree = new SteinerTree(0, new int[] {0, 9}, 1);

        assertThat(free.isFree(6)).isFalse();
        assertThat(free.isFree(7)).isFalse();
        assertThat(free.isFree(0)).isTrue();
        free.take(tree);
        assertThat(free.isFree(0)).isFalse();
        assertThat(free.isFree(9)).isFalse();
        assertThat(free.isFree(1)).isTrue();
        free.release(tree);
        assertThat(free.isFree(0)).isTrue();
        assertThat(free.isFree(9)).isTrue();
    }
}

package io.robber.datacast.steiner;

import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.Fattree;
import io.robber.datacast.topology.LeafSpine;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.Torus;
import java.util.List;

/**
 * §4.1.1: a topology's own construction of edge-disjoint spanning trees rooted at a source, blind
 * to failures. Two trees never use the same arc (the same link in the same direction).
 */
public interface SpanningTreeConstruction {
    List<SpanningTree> spanningTrees(int source);

    /** The construction the paper gives for this topology. */
    static SpanningTreeConstruction of(Topology topology) {
        if (topology instanceof BCube bcube) {
            return new BCubeSpanningTrees(bcube);
        }
        if (topology instanceof Torus torus) {
            return new TorusSpanningTrees(torus);
        }
        if (topology instanceof Fattree fattree) {
            return new UpDownSpanningTree(fattree.network(), fattree);
        }
        LeafSpine leafSpine = (LeafSpine) topology;
        return new UpDownSpanningTree(leafSpine.network(), leafSpine);
    }
}

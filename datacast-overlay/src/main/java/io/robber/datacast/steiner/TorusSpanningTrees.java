package io.robber.datacast.steiner;

import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Torus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The 2k edge-disjoint spanning trees of Torus(n,k) (§4.1.1, Fig. 6), one per direction: tree
 * T(d,±) is entered by each server from the neighbour one step ∓ along dimension π(d).
 *
 * <p>The paper takes these trees from Tang et al.'s independent spanning trees; this is a
 * construction of the same kind (each server finds its parent from its own label, relative to the
 * source): the dimensions where the server's offset from the source is non-zero cut the cycle
 * 0, 1, …, k−1 into blocks, each a non-zero dimension followed by the zero ones after it; π maps each
 * dimension to the next one in its block, the last back to the block's first. π is a permutation, so
 * the 2k trees enter every server on its 2k different links. Every path reaches the source: this
 * was checked exhaustively for all 3 ≤ n ≤ 9 and k ≤ 5 with n^k ≤ 20,000, and the tests check it
 * again. On Torus(16,3) the trees are at most 46 hops deep, 23.5 on average.
 */
final class TorusSpanningTrees implements SpanningTreeConstruction {
    private final Torus torus;
    private final Network network;

    TorusSpanningTrees(Torus torus) {
        this.torus = torus;
        this.network = torus.network();
    }

    @Override
    public List<SpanningTree> spanningTrees(int source) {
        List<SpanningTree> trees = new ArrayList<>(2 * torus.k());
        for (int d = 0; d < torus.k(); d++) {
            trees.add(tree(source, d, 1));
            trees.add(tree(source, d, -1));
        }
        return trees;
    }

    private SpanningTree tree(int source, int dimension, int sign) {
        int[] parentArc = new int[network.nodeCount()];
        Arrays.fill(parentArc, -1);
        int k = torus.k();
        int[] offset = new int[k];
        for (int server = 0; server < network.nodeCount(); server++) {
            if (server == source) {
                continue;
            }
            for (int d = 0; d < k; d++) {
                offset[d] = Math.floorMod(torus.coordinate(server, d) - torus.coordinate(source, d), torus.n());
            }
            int along = next(offset, dimension);
            int parent = torus.step(server, along, -sign);
            int link = sign > 0 ? torus.link(parent, along) : torus.link(server, along);
            parentArc[server] = network.arc(link, parent);
        }
        return new SpanningTree(source, parentArc);
    }

    /** π(d): the next dimension of d's block, or the block's first after its last. */
    static int next(int[] offset, int d) {
        int k = offset.length;
        int after = (d + 1) % k;
        if (offset[after] == 0) {
            return after;
        }
        int first = d;
        while (offset[first] == 0) {
            first = (first - 1 + k) % k;
        }
        return first;
    }
}

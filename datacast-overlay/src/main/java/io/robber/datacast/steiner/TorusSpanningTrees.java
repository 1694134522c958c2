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
        int k = torus.k();
        int[][] parentArc = new int[2 * k][network.nodeCount()];
        for (int[] tree : parentArc) {
            Arrays.fill(tree, -1);
        }
        int[] offset = new int[k];
        for (int server = 0; server < network.nodeCount(); server++) {
            if (server == source) {
                continue;
            }
            for (int d = 0; d < k; d++) {
                offset[d] = Math.floorMod(torus.coordinate(server, d) - torus.coordinate(source, d), torus.n());
            }
            for (int d = 0; d < k; d++) {
                int along = next(offset, d);
                int below = torus.step(server, along, -1);
                int above = torus.step(server, along, 1);
                parentArc[2 * d][server] = network.arc(torus.link(below, along), below);
                parentArc[2 * d + 1][server] = network.arc(torus.link(server, along), above);
            }
        }
        List<SpanningTree> trees = new ArrayList<>(2 * k);
        for (int[] tree : parentArc) {
            trees.add(new SpanningTree(source, tree));
        }
        return trees;
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

package io.robber.datacast.steiner;

import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Torus;
import java.util.ArrayList;
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
    private final int n;
    private final int k;
    private final int servers;
    /** Server s's coordinate in dimension d at {@code s·k + d}. */
    private final int[] coordinates;
    /** The arc into server s from its neighbour one step down (up) dimension d, at {@code s·k + d}. */
    private final int[] fromBelow;
    private final int[] fromAbove;

    TorusSpanningTrees(Torus torus) {
        Network network = torus.network();
        this.n = torus.n();
        this.k = torus.k();
        this.servers = network.nodeCount();
        this.coordinates = new int[servers * k];
        this.fromBelow = new int[servers * k];
        this.fromAbove = new int[servers * k];
        for (int server = 0; server < servers; server++) {
            for (int d = 0; d < k; d++) {
                int below = torus.step(server, d, -1);
                int above = torus.step(server, d, 1);
                coordinates[server * k + d] = torus.coordinate(server, d);
                fromBelow[server * k + d] = network.arc(torus.link(below, d), below);
                fromAbove[server * k + d] = network.arc(torus.link(server, d), above);
            }
        }
    }

    @Override
    public List<SpanningTree> spanningTrees(int source) {
        int[][] parentArc = new int[2 * k][servers];
        for (int[] tree : parentArc) {
            tree[source] = -1;
        }
        int[] offset = new int[k];
        for (int server = 0; server < servers; server++) {
            if (server == source) {
                continue;
            }
            for (int d = 0; d < k; d++) {
                int o = coordinates[server * k + d] - coordinates[source * k + d];
                offset[d] = o < 0 ? o + n : o;
            }
            for (int d = 0; d < k; d++) {
                int along = server * k + next(offset, d);
                parentArc[2 * d][server] = fromBelow[along];
                parentArc[2 * d + 1][server] = fromAbove[along];
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

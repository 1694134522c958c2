package io.robber.datacast.steiner;

import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The k+1 edge-disjoint spanning trees of BCube(n,k) (§4.1.1, Fig. 5; the BCube paper's
 * BuildMultipleSPTs), with a switch reaching the servers below it directly instead of BCube's
 * server pipeline. Tree T_l, for level l, rooted at source s:
 * <ol>
 *   <li>s sends through its level-l switch to the n−1 servers differing from s only in digit l;</li>
 *   <li>a server B with B_l ≠ s_l is reached from the server that differs from it only in digit d,
 *       where d is B's last digit differing from s in the order l, l+1, …, l+k (mod k+1), there set to
 *       s_d, through their level-d switch (the BCube paper's Part I);</li>
 *   <li>a server y ≠ s with y_l = s_l is reached through its level-l switch from the server whose
 *       digit l is s_l+1 (mod n) (Part II).</li>
 * </ol>
 * Server B receives in T_l on level l when B_l = s_l, else on its differing digit just before l
 * (cyclically): the k+1 trees enter B on k+1 different links, so no arc is used twice. O((k+1)|V|).
 */
final class BCubeSpanningTrees implements SpanningTreeConstruction {
    private final BCube bcube;
    private final Network network;

    BCubeSpanningTrees(BCube bcube) {
        this.bcube = bcube;
        this.network = bcube.network();
    }

    @Override
    public List<SpanningTree> spanningTrees(int source) {
        List<SpanningTree> trees = new ArrayList<>(bcube.k() + 1);
        for (int level = 0; level <= bcube.k(); level++) {
            trees.add(tree(source, level));
        }
        return trees;
    }

    private SpanningTree tree(int source, int level) {
        int[] parentArc = new int[network.nodeCount()];
        Arrays.fill(parentArc, -1);
        int n = bcube.n();
        int levels = bcube.k() + 1;
        int sourceDigit = bcube.digit(source, level);
        for (int server = 0; server < network.servers().size(); server++) {
            if (server == source) {
                continue;
            }
            int from;
            int via;
            if (bcube.digit(server, level) == sourceDigit) {
                via = level;
                from = bcube.withDigit(server, level, (sourceDigit + 1) % n);
            } else {
                via = lastDifferingDigit(server, source, level, levels);
                from = via == level ? source : bcube.withDigit(server, via, bcube.digit(source, via));
            }
            int switchNode = bcube.switchAt(via, server);
            parentArc[switchNode] = network.arc(bcube.link(from, via), from);
            parentArc[server] = network.arc(bcube.link(server, via), switchNode);
        }
        return new SpanningTree(source, parentArc);
    }

    /** The last digit, in the order l, l+1, …, l+k (mod k+1), where {@code server} differs from {@code source}. */
    private int lastDifferingDigit(int server, int source, int level, int levels) {
        for (int step = levels - 1; step > 0; step--) {
            int d = (level + step) % levels;
            if (bcube.digit(server, d) != bcube.digit(source, d)) {
                return d;
            }
        }
        return level;
    }
}

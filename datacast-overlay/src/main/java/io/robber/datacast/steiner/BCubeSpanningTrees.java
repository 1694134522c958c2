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
        int levels = bcube.k() + 1;
        int[][] parentArc = new int[levels][network.nodeCount()];
        for (int[] tree : parentArc) {
            Arrays.fill(tree, -1);
        }
        int[] sourceDigits = bcube.digits(source);
        int[] digits = new int[levels];
        for (int server = 0; server < network.servers().size(); server++) {
            if (server == source) {
                continue;
            }
            for (int d = 0; d < levels; d++) {
                digits[d] = bcube.digit(server, d);
            }
            for (int level = 0; level < levels; level++) {
                int from;
                int via;
                if (digits[level] == sourceDigits[level]) {
                    via = level;
                    from = bcube.withDigit(server, level, (sourceDigits[level] + 1) % bcube.n());
                } else {
                    via = lastDifferingDigit(digits, sourceDigits, level);
                    from = via == level ? source : bcube.withDigit(server, via, sourceDigits[via]);
                }
                int switchNode = bcube.switchAt(via, server);
                parentArc[level][switchNode] = network.arc(bcube.link(from, via), from);
                parentArc[level][server] = network.arc(bcube.link(server, via), switchNode);
            }
        }
        List<SpanningTree> trees = new ArrayList<>(levels);
        for (int[] tree : parentArc) {
            trees.add(new SpanningTree(source, tree));
        }
        return trees;
    }

    /** The last digit, in the order l, l+1, …, l+k (mod k+1), where a server's digits differ from the source's. */
    private static int lastDifferingDigit(int[] digits, int[] sourceDigits, int level) {
        int levels = digits.length;
        for (int step = levels - 1; step > 0; step--) {
            int d = (level + step) % levels;
            if (digits[d] != sourceDigits[d]) {
                return d;
            }
        }
        return level;
    }
}

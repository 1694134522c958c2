package io.robber.datacast.mctcp;

import io.robber.datacast.topology.LeafSpine;
import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;

/**
 * The MCTCP paper's Fig. 4 as a leaf-spine fabric of 10 Mbit/s links: leaves S1…S4 (leaf0…leaf3),
 * each with one host H1…H4, spines S5 (spine0) and S6 (spine1). The figure's loads: S1→S5 carries
 * 8 Mbit/s, S5→S2, S5→S3, S5→S4 1 each, every link of S6 5; hosts' links are idle.
 */
final class Figure4 {
    static final double MBIT = 1e6;
    final Network network = LeafSpine.of(2, 4, 1, LinkProfiles.uniform(new LinkProfile(10_000_000L, 5_000L, 100))).network();
    final LinkLoads loads = new LinkLoads(network);

    Figure4() {
        load(s(1), s(5), 8);
        for (int i = 2; i <= 4; i++) {
            load(s(5), s(i), 1);
            load(s(6), s(i), 5);
        }
        load(s(1), s(6), 5);
    }

    /** Switch S_i's node. */
    int s(int i) {
        return network.node(i <= 4 ? "leaf" + (i - 1) : "spine" + (i - 5)).index();
    }

    /** Host H_i's node. */
    int h(int i) {
        return network.node("host" + (i - 1) + ".0").index();
    }

    int arc(int from, int to) {
        return network.arc(network.linkBetween(from, to), from);
    }

    /** Loads the link between two nodes with {@code mbit} Mbit/s in both directions, as the figure marks a link. */
    void load(int from, int to, double mbit) {
        loads.setWeight(arc(from, to), mbit * MBIT / 10e6);
        loads.setWeight(arc(to, from), mbit * MBIT / 10e6);
    }

    int[] receivers() {
        return new int[] {h(2), h(3), h(4)};
    }

    /** H1→S1→S_via→{S2, S3, S4}→{H2, H3, H4}, sorted. */
    int[] treeVia(int via) {
        return java.util.stream.IntStream.of(arc(h(1), s(1)), arc(s(1), s(via)), arc(s(via), s(2)), arc(s(via), s(3)),
                arc(s(via), s(4)), arc(s(2), h(2)), arc(s(3), h(3)), arc(s(4), h(4))).sorted().toArray();
    }
}

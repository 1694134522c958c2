package io.robber.datacast.multicast;

import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;

/**
 * RDCM's running example (Figs. 4, 6, 7): BCube(4,1) with servers v0…v15 (v_i has digits i/4, i%4),
 * level-0 switches w0…w3 (w_j joins v_4j…v_4j+3) and level-1 switches w4…w7 (w_(4+j) joins the
 * servers whose last digit is j); the Fig. 6 tree from v0 to v1, v2, v5, v8, v9, v10, v11, v12, v14.
 */
public final class PaperExample {
    public static final int[] RECEIVERS = {1, 2, 5, 8, 9, 10, 11, 12, 14};
    public final BCube bcube = BCube.of(4, 1, LinkProfiles.uniform(new LinkProfile(1_000_000_000L, 5_000L, 100)));
    public final Network network = bcube.network();

    /** Server v_i's node index. */
    public int v(int i) {
        return network.node(i / 4 + "" + i % 4).index();
    }

    /** Switch w_j's node index. */
    public int w(int j) {
        return network.node("<" + j / 4 + "," + j % 4 + ">").index();
    }

    /** The arc {@code from → to} of the link between two adjacent nodes. */
    public int arc(int from, int to) {
        return network.arc(network.linkBetween(from, to), from);
    }

    /** Fig. 6: v0→w0→{v1→w5→v5, v2}, v0→w4→{v8→w2→{v9, v10, v11}, v12→w3→v14}. */
    public MulticastTree figure6() {
        return new MulticastTree(network, v(0), new int[] {
            arc(v(0), w(0)), arc(w(0), v(1)), arc(w(0), v(2)), arc(v(1), w(5)), arc(w(5), v(5)),
            arc(v(0), w(4)), arc(w(4), v(8)), arc(w(4), v(12)), arc(v(8), w(2)), arc(w(2), v(9)),
            arc(w(2), v(10)), arc(w(2), v(11)), arc(v(12), w(3)), arc(w(3), v(14))});
    }

    /** Node indices of the receivers. */
    public int[] receivers() {
        return java.util.Arrays.stream(RECEIVERS).map(this::v).toArray();
    }
}

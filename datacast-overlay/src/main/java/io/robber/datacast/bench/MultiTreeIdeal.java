package io.robber.datacast.bench;

import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.Network;
import io.robber.datacast.transport.TransportSettings;
import java.util.List;

/**
 * What the Datacast paper's Fig. 14 measures every protocol against: the group's k edge-disjoint
 * Steiner trees, the data split into blocks dealt to them (block b on tree b mod k, as
 * {@link io.robber.datacast.transport.DatacastTransfer} does), the ideal finish time data ÷ (k × link
 * rate) and the trees' footprint, the tree links a data byte crosses on average: the least any
 * protocol can carry is data × footprint bytes.
 *
 * @param treePackets the packets dealt to each tree
 */
record MultiTreeIdeal(List<SteinerTree> trees, long dataBytes, int packets, int blockPackets, int[] treePackets,
        long linkBitsPerSecond) {
    /** Blocks per tree: small enough that dealing them in advance leaves the trees within 1/16 of a block of each other's share. */
    static final int BLOCKS_PER_TREE = 16;

    static MultiTreeIdeal of(Network network, List<SteinerTree> trees, long dataBytes, TransportSettings settings) {
        int k = trees.size();
        int packets = (int) Math.max(1, (dataBytes + settings.payloadBytes() - 1) / settings.payloadBytes());
        int blockPackets = (packets + k * BLOCKS_PER_TREE - 1) / (k * BLOCKS_PER_TREE);
        int[] treePackets = new int[k];
        for (int block = 0, start = 0; start < packets; block++, start += blockPackets) {
            treePackets[block % k] += Math.min(blockPackets, packets - start);
        }
        long rate = Long.MAX_VALUE;
        for (SteinerTree tree : trees) {
            for (int arc : tree.arcs()) {
                rate = Math.min(rate, network.link(Network.linkOf(arc)).profile().capacityBitsPerSecond());
            }
        }
        return new MultiTreeIdeal(List.copyOf(trees), dataBytes, packets, blockPackets, treePackets, rate);
    }

    int k() {
        return trees.size();
    }

    /** data ÷ (k × link rate), s. */
    double idealSeconds() {
        return dataBytes * 8.0 / ((double) k() * linkBitsPerSecond);
    }

    /** Σ over trees of (its share of the data × its links). */
    double footprint() {
        double sum = 0;
        for (int t = 0; t < k(); t++) {
            sum += (double) treePackets[t] / packets * trees.get(t).arcs().length;
        }
        return sum;
    }
}

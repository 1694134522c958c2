package io.robber.datacast.transport;

import io.robber.datacast.steiner.SteinerTree;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Data delivered over several edge-disjoint Steiner trees at once (§4.2): split into blocks, block b
 * carried by tree b mod k, each tree a {@link TreeTransfer} with its own token bucket and caches. The
 * blocks are dealt out in advance rather than handed to whichever tree finishes first by §4.2's
 * signalling (not built yet), so a slower tree finishes later instead of taking fewer blocks.
 */
public final class DatacastTransfer {
    private final DatacastNodes nodes;
    private final List<TreeTransfer> trees = new ArrayList<>();

    /**
     * @param receivers node indices of the receivers, on every tree
     * @param packets the data's length in packets
     * @param blockPackets a block's length in packets
     */
    public DatacastTransfer(DatacastNodes nodes, List<SteinerTree> steinerTrees, int[] receivers, int packets,
            int blockPackets, TransportSettings settings) {
        this(nodes, steinerTrees, receivers, packets, blockPackets, settings, Payloads.NONE);
    }

    /** A transfer whose data packets carry the bytes of {@code payloads} (e.g. {@link ReceivedCopies}). */
    public DatacastTransfer(DatacastNodes nodes, List<SteinerTree> steinerTrees, int[] receivers, int packets,
            int blockPackets, TransportSettings settings, Payloads payloads) {
        if (steinerTrees.isEmpty()) {
            throw new IllegalArgumentException("a transfer needs at least one tree");
        }
        this.nodes = nodes;
        int k = steinerTrees.size();
        int blocks = (packets + blockPackets - 1) / blockPackets;
        for (int t = 0; t < k; t++) {
            int[] dealt = IntStream.iterate(t, b -> b < blocks, b -> b + k).toArray();
            if (dealt.length > 0) {
                BlockSchedule schedule = new BlockSchedule(t + 1, dealt, blockPackets, packets);
                trees.add(new TreeTransfer(nodes, steinerTrees.get(t), receivers, schedule, settings, payloads));
            }
        }
    }

    public void start() {
        trees.forEach(TreeTransfer::start);
    }

    public boolean finished() {
        for (TreeTransfer tree : trees) {
            if (!tree.finished()) {
                return false;
            }
        }
        return true;
    }

    /** Runs until every tree has delivered its blocks or the virtual time reaches {@code limitNanos}. */
    public List<TransferReport> runUntilFinished(long limitNanos) {
        var clock = nodes.fabric().clock();
        while (!finished() && !clock.idle() && clock.nextTime() <= limitNanos) {
            clock.step();
        }
        return stop();
    }

    /** Stops every tree's source timers (e.g. when a real-time run is done); each tree's report. */
    public List<TransferReport> stop() {
        trees.forEach(TreeTransfer::stop);
        return trees.stream().map(TreeTransfer::report).toList();
    }
}

package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.PacketOutput;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The whole data delivered over one Steiner tree by the Datacast transport: the {@link Source} at the
 * tree's root, a {@link BranchingNode} (with its cache) wherever the tree splits, and a
 * {@link Receiver} at each group member, pulling the blocks with interests routed up the tree. A
 * member that also forwards to others is a branching node too (it consumes one copy and passes one on).
 * Switches that do not branch just forward by source route. Its data packets carry no bytes
 * ({@link Payloads#NONE}); {@link DatacastTransfer} is the one for real time with real bytes.
 */
public final class TreeTransfer {
    private final Fabric fabric;
    private final Source source;
    private final Map<Integer, Receiver> receivers = new LinkedHashMap<>();
    private final List<BranchingNode> branchingNodes = new ArrayList<>();
    private final int packets;
    private final TransportSettings settings;
    private int unfinished;

    /**
     * @param tree the tree; the schedule's tree number is the name every node knows it by
     * @param receivers node indices of the receivers, all on the tree
     * @param schedule the blocks the tree carries: all the data's
     */
    public TreeTransfer(DatacastNodes nodes, SteinerTree tree, int[] receivers, BlockSchedule schedule,
            TransportSettings settings) {
        this.fabric = nodes.fabric();
        this.packets = schedule.packets();
        if (packets != schedule.totalPackets()) {
            throw new IllegalArgumentException("one tree carries all " + schedule.totalPackets() + " packets, not "
                    + packets);
        }
        int treeId = schedule.tree();
        this.settings = settings;
        Network network = fabric.network();
        int[] parentArc = parentArcs(network, tree);
        this.source = new Source(fabric, fabric.clock(), schedule, settings, Payloads.NONE,
                Source.ceiling(fabric, tree, List.of(tree), settings));
        nodes.at(tree.source()).source(treeId, source);
        int[] children = new int[network.nodeCount()];
        for (int arc : tree.arcs()) {
            children[network.tail(arc)]++;
        }
        Map<Integer, BranchingNode> branching = new LinkedHashMap<>();
        Set<Integer> members = Arrays.stream(receivers).boxed().collect(Collectors.toSet());
        for (int node = 0; node < children.length; node++) {
            if (node != tree.source() && (children[node] > 1 || children[node] == 1 && members.contains(node))) {
                BranchingNode branchingNode = new BranchingNode(fabric, settings);
                branching.put(node, branchingNode);
                nodes.at(node).branching(treeId, branchingNode);
            }
        }
        branchingNodes.addAll(branching.values());
        for (int node : receivers) {
            BranchingNode here = branching.get(node);
            PacketOutput interests = here == null ? fabric
                    : packet -> here.onLocalInterest(packet, (Interest) packet.payload());
            Holdings holdings = new Holdings(fabric.clock(), packets, schedule.blockPackets(), () -> unfinished--);
            Receiver receiver = new Receiver(interests, fabric.clock(), routeToSource(network, parentArc, tree, node),
                    schedule, settings, holdings, HandOffSignals.NONE, data -> { });
            if (here != null) {
                here.local(receiver);
            }
            this.receivers.put(node, receiver);
            unfinished++;
            nodes.at(node).receiver(treeId, receiver);
        }
    }

    private static int[] parentArcs(Network network, SteinerTree tree) {
        int[] parentArc = new int[network.nodeCount()];
        Arrays.fill(parentArc, -1);
        for (int arc : tree.arcs()) {
            parentArc[network.head(arc)] = arc;
        }
        return parentArc;
    }

    /** The arcs from {@code node} up the tree to its source: each tree arc on the way, reversed. */
    private static int[] routeToSource(Network network, int[] parentArc, SteinerTree tree, int node) {
        if (node == tree.source() || parentArc[node] < 0) {
            throw new IllegalArgumentException("receiver " + network.node(node) + " is not on the tree below its source "
                    + network.node(tree.source()));
        }
        List<Integer> route = new ArrayList<>();
        for (int v = node; v != tree.source(); v = network.tail(parentArc[v])) {
            route.add(parentArc[v] ^ 1);
        }
        return route.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Starts the source's rate control and every receiver's interests, at the fabric's current time. */
    public void start() {
        source.start();
        receivers.values().forEach(Receiver::start);
    }

    public boolean finished() {
        return unfinished == 0;
    }

    /**
     * Runs the fabric until every receiver has the block or the virtual time reaches {@code limitNanos},
     * then stops the source's timers; the report says which.
     */
    public TransferReport runUntilFinished(long limitNanos) {
        var clock = fabric.clock();
        while (!finished() && !clock.idle() && clock.nextTime() <= limitNanos) {
            clock.step();
        }
        stop();
        return report();
    }

    /** Stops the source's timers (its rate control), so the clock can run dry. */
    public void stop() {
        source.stop();
    }

    public TransferReport report() {
        List<TransferReport.ReceiverReport> reports = new ArrayList<>();
        long payloadBits = (long) packets * settings.payloadBytes() * 8;
        receivers.forEach((node, receiver) -> reports.add(new TransferReport.ReceiverReport(
                fabric.network().node(node).name(), receiver.receivedPackets(), receiver.finishNanos(),
                receiver.finished() ? payloadBits * 1e9 / (receiver.finishNanos() - receiver.startNanos()) : 0,
                receiver.retransmissions(), receiver.duplicates())));
        long relayHits = branchingNodes.stream().mapToLong(BranchingNode::cacheHits).sum();
        return new TransferReport(packets, source.newData(), source.duplicateData(), source.cacheHits(), relayHits,
                reports);
    }
}

package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.signalling.SignallingAgent;
import io.robber.datacast.signalling.SignallingCounters;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.Network;
import io.robber.datacast.transport.DatacastOutcome.Member;
import io.robber.datacast.transport.DatacastOutcome.Repair;
import io.robber.datacast.transport.DatacastOutcome.TreeSetUp;
import io.robber.datacast.transport.TreeJoin.TreeMember;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Data delivered over several edge-disjoint Steiner trees at once (§3–§4.2): split into blocks, each
 * tree fed one block at a time. Every node of the fabric runs the signalling protocol; the
 * {@link Master} at the source sets the trees up by signalling and hands a tree its next block when
 * its receivers have asked for all of the last (so a slower tree carries fewer blocks); the
 * {@link FabricManager} reports failed links and the master repairs the trees they broke while the
 * transfer goes on. Each tree has its own token bucket and caches ({@link Source},
 * {@link BranchingNode}); each receiver node keeps what it {@linkplain Holdings holds}, whichever
 * tree brought it. In real time on loopback its data packets carry bytes: the sources read them from
 * the transfer's {@link Payloads}, and each receiver node hands back the first copy of every packet.
 */
public final class DatacastTransfer {
    /** The fabric manager's delay in reporting a failed link, unless told otherwise. */
    public static final long DETECTION_NANOS = 1_000_000L;

    private final DatacastNodes nodes;
    private final List<SteinerTree> trees;
    private final int packets;
    private final TransportSettings settings;
    private final Map<Integer, Holdings> holdings = new LinkedHashMap<>();
    private final List<TreeMember> members = new ArrayList<>();
    private final SignallingCounters counters = new SignallingCounters();
    private final Master master;
    private final FabricManager manager;
    private int unfinished;

    /**
     * @param steinerTrees the group's trees, sharing their source
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
        this(nodes, steinerTrees, receivers, packets, blockPackets, settings, BlockFeed.HANDED_OFF, DETECTION_NANOS,
                payloads);
    }

    /** @param detectionNanos how long the fabric manager takes to report a failed link */
    public DatacastTransfer(DatacastNodes nodes, List<SteinerTree> steinerTrees, int[] receivers, int packets,
            int blockPackets, TransportSettings settings, BlockFeed feed, long detectionNanos) {
        this(nodes, steinerTrees, receivers, packets, blockPackets, settings, feed, detectionNanos, Payloads.NONE);
    }

    /**
     * The blocks fed as {@code feed} says, failed links reported after {@code detectionNanos}, the
     * data packets carrying the bytes of {@code payloads}.
     */
    public DatacastTransfer(DatacastNodes nodes, List<SteinerTree> steinerTrees, int[] receivers, int packets,
            int blockPackets, TransportSettings settings, BlockFeed feed, long detectionNanos, Payloads payloads) {
        if (steinerTrees.isEmpty()) {
            throw new IllegalArgumentException("a transfer needs at least one tree");
        }
        int source = steinerTrees.get(0).source();
        if (steinerTrees.stream().anyMatch(tree -> tree.source() != source)) {
            throw new IllegalArgumentException("the trees of a transfer share their source");
        }
        this.nodes = nodes;
        this.trees = List.copyOf(steinerTrees);
        this.packets = packets;
        this.settings = settings;
        Fabric fabric = nodes.fabric();
        Network network = fabric.network();
        Group group = new Group(network.node(source), Arrays.stream(receivers).mapToObj(network::node).toList());
        for (int receiver : receivers) {
            holdings.put(receiver, new Holdings(fabric.clock(), packets, blockPackets, () -> unfinished--));
            unfinished++;
        }
        nodes.attachAll();
        SignallingAgent root = null;
        for (int node = 0; node < network.nodeCount(); node++) {
            DatacastNode roles = nodes.at(node);
            TreeJoin join = new TreeJoin(node, roles, fabric, settings, blockPackets, packets, holdings.get(node),
                    payloads, members::add);
            SignallingAgent agent = new SignallingAgent(fabric, fabric.clock(), settings.headerBytes(), join, counters);
            roles.signalling(agent);
            if (node == source) {
                root = agent;
            }
        }
        this.master = new Master(group, nodes, root, settings, feed, packets, blockPackets, payloads);
        nodes.at(source).master(master::onNextBlock);
        this.manager = new FabricManager(fabric, detectionNanos, master::replan);
    }

    /** Sets the trees up: the master signals each tree's plan and first block, and the receivers start. */
    public void start() {
        master.start(trees);
    }

    /** Whether every receiver holds the whole data, or the transfer failed. */
    public boolean finished() {
        return unfinished == 0 || master.failure() != null;
    }

    /**
     * Runs until every receiver has the data, the transfer fails or the virtual time reaches
     * {@code limitNanos}, then stops every timer; a report per tree set up, in order.
     */
    public List<TransferReport> runUntilFinished(long limitNanos) {
        var clock = nodes.fabric().clock();
        while (!finished() && !clock.idle() && clock.nextTime() <= limitNanos) {
            clock.step();
        }
        return stop();
    }

    /** Stops every timer (e.g. when a real-time run is done); a report per tree set up, in order. */
    public List<TransferReport> stop() {
        manager.stop();
        master.stop();
        return reports();
    }

    /** Per tree set up: its packets, the source's counts, and its receivers' share. */
    public List<TransferReport> reports() {
        List<TransferReport> reports = new ArrayList<>();
        for (PlannedTree lt : master.trees()) {
            List<TransferReport.ReceiverReport> receivers = new ArrayList<>();
            long relayHits = 0;
            for (TreeMember member : members) {
                if (member.tree() != lt.id) {
                    continue;
                }
                if (member.branching() != null) {
                    relayHits += member.branching().cacheHits();
                }
                Receiver receiver = member.receiver();
                if (receiver != null) {
                    long bits = (long) receiver.receivedPackets() * settings.payloadBytes() * 8;
                    long span = receiver.lastDataNanos() - receiver.startNanos();
                    receivers.add(new TransferReport.ReceiverReport(nodes.fabric().network().node(member.node()).name(),
                            receiver.receivedPackets(), receiver.lastDataNanos(), span > 0 ? bits * 1e9 / span : 0,
                            receiver.retransmissions(), receiver.duplicates()));
                }
            }
            reports.add(new TransferReport(lt.schedule.packets(), lt.source.newData(), lt.source.duplicateData(),
                    lt.source.cacheHits(), relayHits, receivers));
        }
        return reports;
    }

    /** How the transfer ended (or stands). */
    public DatacastOutcome outcome() {
        Network network = nodes.fabric().network();
        List<Member> held = new ArrayList<>();
        long finish = -1;
        for (Map.Entry<Integer, Holdings> entry : holdings.entrySet()) {
            Holdings h = entry.getValue();
            held.add(new Member(network.node(entry.getKey()).name(), h.count(), h.finishNanos(), h.duplicates()));
            finish = Math.max(finish, h.finishNanos());
        }
        if (unfinished > 0) {
            finish = -1;
        }
        List<Repair> repairs = master.replannings().stream().map(r -> new Repair(r.detectedNanos(), r.broken(),
                r.dropped(), r.added(), r.rebuilt().stream().map(this::setUp).toList())).toList();
        return new DatacastOutcome(packets, master.failure(), finish, held, repairs, master.blocks().handOffs(),
                master.blocks().deliveredBlocks(), counters.messages(), counters.acks());
    }

    private TreeSetUp setUp(PlannedTree lt) {
        return new TreeSetUp(lt.id, lt.encoded.nodes(), lt.encoded.receivers(), lt.plannedNanos, lt.ackedNanos,
                lt.acked, counters.cost(lt.planMessage));
    }
}

package io.robber.datacast.bench;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.Port;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.transport.BlockFeed;
import io.robber.datacast.transport.DatacastOutcome;
import io.robber.datacast.transport.DatacastNodes;
import io.robber.datacast.transport.DatacastTransfer;
import io.robber.datacast.transport.TransferReport;
import io.robber.datacast.transport.TransportSettings;
import io.robber.sim.VirtualClock;
import java.util.List;

/**
 * Datacast in the paper's in-network form: the transport of §5 on the packet-level {@link Fabric},
 * switches caching at branching points, the data over the group's k Steiner trees.
 *
 * <p>The settings are the paper's (§6.2) but for two the paper leaves to the setting: the source
 * starts at the link rate (no ramp from 500 Mbit/s, which on a short transfer costs more than the
 * whole margin), and the credit window w follows §5.2's guideline, "saturate the pipe": at least
 * 16, and 1.25 × the deepest receiver's bandwidth-delay product in packets, but no more than a
 * port's queue holds (a receiver sends its first w interests at once: w = 102 on Torus(16,3) lost
 * the last of each burst at the receiver's own port and waited out the initial RTO).
 */
final class DatacastRun {
    private DatacastRun() {
    }

    static TopologyRun run(String topology, Network network, Node source, List<Node> receivers,
            MultiTreeIdeal ideal, TransportSettings base, FabricEvents events, long seed, int repeat) {
        TransportSettings settings = settingsFor(network, ideal, base);
        VirtualClock clock = new VirtualClock();
        Fabric fabric = new Fabric(network, clock, seed);
        events.applyTo(fabric);
        int[] members = receivers.stream().mapToInt(Node::index).toArray();
        long wall = System.nanoTime();
        // Blocks dealt as the ideal counts them (§4.2's hand-off moves blocks only off slower trees, and
        // here the trees are alike): the per-tree packets of the link stress's denominator stay exact.
        // A link failure replaces trees, whose blocks the hand-off then moves to the others.
        BlockFeed feed = events.linkFailures().isEmpty() ? BlockFeed.DEALT : BlockFeed.HANDED_OFF;
        DatacastTransfer transfer = new DatacastTransfer(new DatacastNodes(fabric), ideal.trees(), members,
                ideal.packets(), ideal.blockPackets(), settings, feed, DatacastTransfer.DETECTION_NANOS);
        transfer.start();
        long limit = (long) (ideal.idealSeconds() * 1e9 * 100) + 10_000_000_000L;
        List<TransferReport> reports = transfer.runUntilFinished(limit);
        double wallSeconds = (System.nanoTime() - wall) / 1e9;

        DatacastOutcome outcome = transfer.outcome();
        boolean complete = outcome.complete();
        long finish = outcome.finishNanos();
        double dataBytesCarried = 0;
        for (int arc = 0; arc < network.arcCount(); arc++) {
            dataBytesCarried += dataPackets(fabric.port(arc), settings) * settings.mtuBytes();
        }
        double idealBytes = 0;
        for (int t = 0; t < ideal.k(); t++) {
            idealBytes += (double) ideal.treePackets()[t] * settings.mtuBytes() * ideal.trees().get(t).arcs().length;
        }
        long newData = reports.stream().mapToLong(TransferReport::newData).sum();
        long duplicateData = reports.stream().mapToLong(TransferReport::duplicateData).sum();
        long hits = reports.stream().mapToLong(r -> r.sourceCacheHits() + r.branchingCacheHits()).sum();
        return new TopologyRun(topology, "datacast", receivers.size(), repeat, ideal.k(), ideal.dataBytes(),
                complete ? finish / 1e9 : Double.NaN, ideal.idealSeconds(), dataBytesCarried / idealBytes,
                fabric.total(Port::bytesSent) / idealBytes, newData == 0 ? 0 : (double) duplicateData / newData,
                hits, complete, clock.executed(), wallSeconds,
                complete ? null : outcome.failure() != null ? outcome.failure()
                        : "unfinished after " + limit / 1e9 + " s of virtual time");
    }

    /**
     * The data packets a port sent: the transport's packets are interests (a header) and data (an
     * MTU), so bytes = MTU · data + header · interests and packets = data + interests; the few
     * signalling messages setting the trees up count as a fraction of a data packet each.
     */
    static long dataPackets(Port port, TransportSettings settings) {
        return (port.bytesSent() - (long) settings.headerBytes() * port.packetsSent())
                / (settings.mtuBytes() - settings.headerBytes());
    }

    /** The paper's settings, starting at the link rate, with w filling the deepest receiver's pipe. */
    static TransportSettings settingsFor(Network network, MultiTreeIdeal ideal, TransportSettings base) {
        long rate = ideal.linkBitsPerSecond();
        long delay = 0;
        int queue = Integer.MAX_VALUE;
        for (SteinerTree tree : ideal.trees()) {
            for (int arc : tree.arcs()) {
                delay = Math.max(delay, network.link(Network.linkOf(arc)).profile().delayNanos());
                queue = Math.min(queue, network.link(Network.linkOf(arc)).profile().queuePackets());
            }
        }
        int depth = ideal.trees().stream().mapToInt(SteinerTree::depth).max().orElse(1);
        double packetNanos = base.mtuBytes() * 8e9 / rate;
        double roundTrip = depth * (packetNanos + delay) + depth * (base.headerBytes() * 8e9 / rate + delay);
        int window = Math.max(base.creditWindow(),
                Math.min(queue, (int) Math.ceil(1.25 * roundTrip / packetNanos)));
        return new TransportSettings(window, base.cacheBytes(), base.rateIncreaseBitsPerSecond(),
                base.increaseIntervalNanos(), rate, base.mtuBytes(), base.headerBytes(),
                base.minRetransmissionTimeoutNanos(), base.cacheReplacement());
    }
}

package io.robber.datacast.bench;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.Port;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.rdcm.RdcmSettings;
import io.robber.datacast.rdcm.SenderRepairReport;
import io.robber.datacast.rdcm.SenderRepairSession;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.sim.VirtualClock;
import java.util.Locale;

/**
 * The sender-repair-only baseline on the packet-level fabric, set up as {@link RdcmRun} sets RDCM up:
 * the group's first Steiner tree, the sender at {@link RdcmRun#SENDER_SHARE} of its slowest link,
 * RDCM's timeout; only the backup overlay is missing, so every loss is repaired by the sender. Its
 * "all bytes" column is the traffic footprint of the paper's Fig. 11 over the tree's data bytes.
 */
final class SenderRepairRun {
    private SenderRepairRun() {
    }

    static TopologyRun run(Topology topology, Group group, MultiTreeIdeal ideal, FabricEvents events, long seed,
            int repeat) {
        MulticastTree tree = MulticastTree.of(topology.network(), ideal.trees().get(0));
        int[] receivers = group.receivers().stream().mapToInt(Node::index).toArray();
        RdcmSettings settings = RdcmSettings.DEFAULT.withRate((long) (RdcmRun.SENDER_SHARE * RdcmRun.slowest(tree)));
        VirtualClock clock = new VirtualClock();
        Fabric fabric = new Fabric(topology.network(), clock, seed);
        events.applyTo(fabric);
        int packets = (int) Math.max(1, (ideal.dataBytes() + settings.dataBytes() - 1) / settings.dataBytes());
        long limit = (long) (ideal.idealSeconds() * 1e9 * 100) + 10_000_000_000L;
        long wall = System.nanoTime();
        SenderRepairReport report = new SenderRepairSession(fabric, tree, receivers, settings).run(packets, limit);
        double wallSeconds = (System.nanoTime() - wall) / 1e9;
        double treeBytes = (double) packets * settings.dataBytes() * tree.arcs().length;
        long fresh = (long) packets * receivers.length;
        return new TopologyRun(topology.spec(), TopologyBench.SENDER_REPAIR, receivers.length, repeat, ideal.k(),
                ideal.dataBytes(), report.complete() ? report.finishNanos() / 1e9 : Double.NaN, ideal.idealSeconds(),
                fabric.total(Port::dataBytesSent) / treeBytes, fabric.total(Port::bytesSent) / treeBytes,
                (double) report.duplicates() / fresh, -1, report.complete(), clock.executed(), wallSeconds,
                report.complete() ? null : String.format(Locale.ROOT, "some receivers miss packets after %.3f s of "
                        + "virtual time (the baseline does not rebuild its tree around failed links)",
                        report.endNanos() / 1e9));
    }
}

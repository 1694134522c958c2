package io.robber.datacast.bench;

import io.robber.datacast.background.FlowObserver;
import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.Port;
import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.rdcm.BackupOverlay;
import io.robber.datacast.rdcm.BackupOverlayBuild;
import io.robber.datacast.rdcm.FailedLinkSet;
import io.robber.datacast.rdcm.ProxyTieBreak;
import io.robber.datacast.rdcm.RdcmReceiver;
import io.robber.datacast.rdcm.RdcmReport;
import io.robber.datacast.rdcm.RdcmSession;
import io.robber.datacast.rdcm.RdcmSettings;
import io.robber.datacast.rdcm.TreeRebuild;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.timeline.Timeline;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.sim.VirtualClock;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * RDCM on the packet-level fabric: the group's first Steiner tree as its multicast tree, the backup
 * overlay of Fig. 8 on it (random ties, seeded), the sender at {@link #SENDER_SHARE} of the tree's
 * slowest link, without congestion control as the paper's experiments run, or with §3.5's (a BIC
 * window per receiver) below that rate; the manager of §3.4 rebuilding
 * the tree as a Steiner tree over the links not known to have failed, and re-activating the links
 * it inferred {@code reactivationNanos} after each report (0: never). Background flows, if any, run
 * until every live receiver has everything; the links then carry more than RDCM's bytes, so the
 * run's link stress is not reported.
 */
final class RdcmRun {
    /**
     * The sender's constant rate as a share of the tree's slowest link: the paper's 500 Mbit/s on
     * 1 Gbit/s links (Fig. 15), which leaves the links room for the repairs.
     */
    static final double SENDER_SHARE = 0.5;

    private RdcmRun() {
    }

    static TopologyRun run(Topology topology, Group group, MultiTreeIdeal ideal, FabricEvents events, long seed,
            int repeat, Timeline timeline, boolean congestionControl, long reactivationNanos) {
        Network network = topology.network();
        MulticastTree tree = MulticastTree.of(network, ideal.trees().get(0));
        int[] receivers = group.receivers().stream().mapToInt(Node::index).toArray();
        BackupOverlay overlay = BackupOverlayBuild.build(tree, receivers,
                ProxyTieBreak.random(new SplittableRandom(seed)));
        TreeRebuild rebuild = TreeRebuild.steiner(MultipleSteinerTrees.on(topology), network, group.source().index());
        RdcmSettings settings = RdcmSettings.DEFAULT.withRate((long) (SENDER_SHARE * slowest(tree)))
                .withCongestionControl(congestionControl);
        VirtualClock clock = new VirtualClock();
        Fabric fabric = new Fabric(network, clock, seed);
        events.applyTo(fabric);
        RdcmSession session = new RdcmSession(fabric, tree, overlay, settings, rebuild, new FailedLinkSet())
                .reactivateFailedLinksAfter(reactivationNanos);
        long limit = (long) (ideal.idealSeconds() * 1e9 * 100) + 10_000_000_000L;
        BackgroundFlows.Running background = events.background().start(fabric, session.multicast(), FlowObserver.NONE,
                seed, limit);
        session.whenComplete(background::stop);
        if (timeline != null) {
            session.recordInto(timeline);
        }
        for (FabricEvents.ReceiverCrash crash : events.receiverCrashes()) {
            clock.at(crash.atNanos(), () -> session.crash(crash.node()));
        }
        int packets = (int) Math.max(1, (ideal.dataBytes() + settings.dataBytes() - 1) / settings.dataBytes());
        long wall = System.nanoTime();
        RdcmReport report = session.run(packets, limit);
        double wallSeconds = (System.nanoTime() - wall) / 1e9;
        boolean complete = report.complete() && report.finishNanos() >= 0;
        double treeBytes = (double) packets * settings.dataBytes() * tree.arcs().length;
        long fresh = (long) packets * report.receivers().size();
        long duplicates = report.receivers().stream().mapToLong(RdcmReceiver::duplicates).sum();
        boolean alone = !events.background().any();
        return new TopologyRun(topology.spec(), "rdcm", receivers.length, repeat, ideal.k(), ideal.dataBytes(),
                complete ? report.finishNanos() / 1e9 : Double.NaN, ideal.idealSeconds(),
                alone ? fabric.total(Port::dataBytesSent) / treeBytes : Double.NaN,
                alone ? fabric.total(Port::bytesSent) / treeBytes : Double.NaN,
                (double) duplicates / fresh, -1, complete, clock.executed(), wallSeconds,
                complete ? null : failure(report, network, group.source()));
    }

    /**
     * Why a run did not complete: the source cut off, or the receivers left short and the failure
     * reports that may explain it, saying whether every receiver still in the group holds every packet.
     */
    private static String failure(RdcmReport report, Network network, Node source) {
        if (report.sourceCutOffNanos() >= 0) {
            return String.format(Locale.ROOT, "the source %s is cut off: every link of it inferred failed (%d link "
                    + "failure reports, the last at %.3f s of virtual time), the sender held, no tree to any receiver",
                    source.name(), report.linkFailures().size(), report.sourceCutOffNanos() / 1e9);
        }
        List<String> left = report.receivers().stream().filter(r -> !report.crashed().contains(r.self())
                && !r.holdsAll(report.packets())).map(r -> network.node(r.self()).name()).toList();
        List<String> reported = report.receiverFailures().stream()
                .map(f -> network.node(f.failed()).name()).toList();
        return String.format(Locale.ROOT, "live receivers %s miss packets after %.3f s of virtual time; %d link failure "
                + "reports, receivers reported failed: %s, tree version %d%s", left, report.endNanos() / 1e9,
                report.linkFailures().size(), reported, report.treeVersion(), reported.containsAll(left)
                        ? "; every receiver still in the group holds every packet" : "");
    }

    /** The rate of the tree's slowest link, bit/s. */
    static long slowest(MulticastTree tree) {
        Network network = tree.network();
        return IntStream.of(tree.arcs()).mapToLong(arc -> network.link(Network.linkOf(arc)).profile()
                .capacityBitsPerSecond()).min().orElseThrow();
    }
}

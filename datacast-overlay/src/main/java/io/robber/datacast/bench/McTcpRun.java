package io.robber.datacast.bench;

import io.robber.datacast.background.UnicastRoutes;
import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.fabric.Port;
import io.robber.datacast.mctcp.GroupManager;
import io.robber.datacast.mctcp.McTcpSession;
import io.robber.datacast.mctcp.RoutingSettings;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.tcp.TcpSettings;
import io.robber.datacast.timeline.Timeline;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.sim.VirtualClock;

/**
 * MCTCP on the packet-level fabric: the sender asks the group manager for a tree (SWP-WMPH, the
 * link monitor polling every interval, trees moved off congested and failed links), then sends
 * through its window (Reno) advanced by the slowest receiver; a crashed receiver is evicted once
 * silent past the threshold. The run ends when the sender has every live receiver's last ACK.
 * Background flows, if any, run until then, seen by the manager's flow table; the links then carry
 * more than MCTCP's bytes, so the run's link stress is not reported.
 */
final class McTcpRun {
    /** The sender's round trip to the group manager: the paper's controller on the data-center network. */
    static final long CONTROLLER_RTT_NANOS = 1_000_000L;
    /** How long the manager keeps a closed session's tree for reuse. */
    private static final long KEEP_INACTIVE_NANOS = 3_000_000_000L;
    private static final long STEP_NANOS = 10_000_000L;

    private McTcpRun() {
    }

    static TopologyRun run(Topology topology, Group group, MultiTreeIdeal ideal, FabricEvents events, long seed,
            int repeat, Timeline timeline) {
        VirtualClock clock = new VirtualClock();
        Fabric fabric = new Fabric(topology.network(), clock, seed);
        events.applyTo(fabric);
        MulticastManager multicast = new MulticastManager(fabric);
        GroupManager manager = new GroupManager(fabric, multicast, RoutingSettings.DEFAULT, KEEP_INACTIVE_NANOS);
        TcpSettings settings = TcpSettings.DEFAULT;
        int segments = (int) Math.max(1, (ideal.dataBytes() + settings.segmentBytes() - 1) / settings.segmentBytes());
        int[] receivers = group.receivers().stream().mapToInt(Node::index).toArray();
        McTcpSession session = new McTcpSession(fabric, multicast, manager, new UnicastRoutes(fabric), 1,
                group.source().index(), receivers, segments, settings, CONTROLLER_RTT_NANOS);
        if (timeline != null) {
            session.recordInto(timeline);
        }
        for (FabricEvents.ReceiverCrash crash : events.receiverCrashes()) {
            clock.at(crash.atNanos(), () -> session.crash(crash.node()));
        }
        long limit = (long) (ideal.idealSeconds() * 1e9 * 100) + 10_000_000_000L;
        long wall = System.nanoTime();
        BackgroundFlows.Running background = events.background().start(fabric, multicast, manager.flows(), seed, limit);
        session.start();
        for (long until = STEP_NANOS; !session.finished() && until < limit && !clock.idle(); until += STEP_NANOS) {
            fabric.runUntil(until);
        }
        background.stop();
        double wallSeconds = (System.nanoTime() - wall) / 1e9;
        boolean complete = session.finished() && session.verified();
        double treeBytes = (double) segments * settings.segmentBytes() * multicast.tree(session.group()).arcs().length;
        boolean alone = !events.background().any();
        return new TopologyRun(topology.spec(), "mctcp", receivers.length, repeat, ideal.k(), ideal.dataBytes(),
                complete ? session.finishedAtNanos() / 1e9 : Double.NaN, ideal.idealSeconds(),
                alone ? fabric.total(Port::dataBytesSent) / treeBytes : Double.NaN,
                alone ? fabric.total(Port::bytesSent) / treeBytes : Double.NaN, Double.NaN,
                -1, complete, clock.executed(), wallSeconds, complete ? null
                        : session.finished() ? "a live receiver's copy is wrong"
                        : "unfinished after " + limit / 1e9 + " s of virtual time");
    }
}

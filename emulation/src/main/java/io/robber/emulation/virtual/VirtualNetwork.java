package io.robber.emulation.virtual;

import io.robber.api.Group;
import io.robber.planning.Capacities;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.NodePlacement;
import io.robber.sim.Link;
import io.robber.sim.Route;
import io.robber.sim.SharedLink;
import io.robber.sim.SharedRoute;
import io.robber.sim.Topology;
import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The virtual backend's network: a {@link Network} imposed on the routes of a virtual-time
 * simulation, with the chain of the in-process emulator (the Robber paper's Fig. 7): sender's NIC
 * out → cluster out → pair bandwidth, then the pair's one-way delay, then cluster in → receiver's
 * NIC in. Every link is one {@link SharedLink} shared by all connections crossing it, so flows
 * through a common bottleneck divide it fairly, taking turns frame by frame (a large frame segment
 * by segment). The schedule changes pair bandwidths at its times. Connections inside a cluster,
 * which the model leaves unshaped, get a private {@link #LOCAL_BYTES_PER_SECOND} link with
 * {@link #LOCAL_LATENCY_NANOS}, standing in for loopback.
 */
public final class VirtualNetwork implements Topology {
    /** Rate of a connection inside a cluster: 10 Gbit/s, far above any WAN link of the scenarios. */
    public static final double LOCAL_BYTES_PER_SECOND = 1.25e9;
    /** One-way latency of a connection inside a cluster. */
    public static final long LOCAL_LATENCY_NANOS = 50_000;

    private final Network network;
    private final Group group;
    private final NodePlacement placement;
    /** Null where the model leaves the link unlimited; schedules change pair bandwidths only. */
    private final SharedLink[][] nodeOut;
    private final SharedLink[][] nodeIn;
    private final SharedLink[] accessOut;
    private final SharedLink[] accessIn;
    private final SharedLink[][] pair;

    /** Emulates {@code network} between the members of {@code group}, whose cluster names are the model's. */
    public VirtualNetwork(Network network, Group group) {
        this.network = network;
        this.group = group;
        this.placement = NodePlacement.of(network, group);
        Capacities caps = network.at(0);
        int clusters = caps.clusterCount();
        nodeOut = new SharedLink[clusters][];
        nodeIn = new SharedLink[clusters][];
        accessOut = new SharedLink[clusters];
        accessIn = new SharedLink[clusters];
        pair = new SharedLink[clusters][clusters];
        for (int c = 0; c < clusters; c++) {
            nodeOut[c] = Arrays.stream(caps.nodeOut()[c]).mapToObj(VirtualNetwork::link).toArray(SharedLink[]::new);
            nodeIn[c] = Arrays.stream(caps.nodeIn()[c]).mapToObj(VirtualNetwork::link).toArray(SharedLink[]::new);
            accessOut[c] = link(caps.accessOut()[c]);
            accessIn[c] = link(caps.accessIn()[c]);
            for (int d = 0; d < clusters; d++) {
                if (c != d) {
                    pair[c][d] = new SharedLink(caps.bandwidth()[c][d]);
                }
            }
        }
    }

    private static SharedLink link(double rate) {
        return Double.isInfinite(rate) ? null : new SharedLink(rate);
    }

    public Group group() {
        return group;
    }

    @Override
    public Route route(int from, int to) {
        int home = placement.cluster(from);
        int away = placement.cluster(to);
        if (home == away) {
            return new Link(LOCAL_BYTES_PER_SECOND, LOCAL_LATENCY_NANOS);
        }
        long delay = network.nominal().delay()[home][away];
        List<SharedRoute.Stage> stages = new ArrayList<>();
        stages.add(new SharedRoute.Stage(present(nodeOut[home][placement.rank(from)], accessOut[home],
                pair[home][away]), delay));
        List<SharedLink> receiving = present(accessIn[away], nodeIn[away][placement.rank(to)]);
        if (!receiving.isEmpty()) {
            stages.add(new SharedRoute.Stage(receiving, 0));
        }
        return new SharedRoute(stages);
    }

    private static List<SharedLink> present(SharedLink... links) {
        List<SharedLink> out = new ArrayList<>();
        for (SharedLink l : links) {
            if (l != null) {
                out.add(l);
            }
        }
        return out;
    }

    /** Applies the schedule from time zero: each change of the model takes effect at its virtual time. */
    @Override
    public void start(VirtualClock clock) {
        apply(network.at(0), 0);
        scheduleAfter(clock, 0);
    }

    private void scheduleAfter(VirtualClock clock, long after) {
        long next = network.nextChange(after);
        if (next >= 0) {
            clock.at(next, () -> {
                apply(network.at(next), next);
                scheduleAfter(clock, next);
            });
        }
    }

    private void apply(Capacities caps, long now) {
        for (int c = 0; c < caps.clusterCount(); c++) {
            for (int d = 0; d < caps.clusterCount(); d++) {
                if (c != d) {
                    pair[c][d].setRate(caps.bandwidth()[c][d], now);
                }
            }
        }
    }
}

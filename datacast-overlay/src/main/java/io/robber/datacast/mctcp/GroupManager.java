package io.robber.datacast.mctcp;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.multicast.MulticastTree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * MCTCP's multicast group manager (§3.2, Fig. 3) on a fabric in virtual time: the
 * {@link SessionManager}, the {@link LinkMonitor} polling the ports every interval and the
 * {@link RoutingManager}, installing trees through the {@link MulticastManager}. A session asks it
 * for a tree ({@link #open}: an inactive one with the same members is reused) and tells it when it
 * closes. Every interval while a session is active it polls the links, measures each group's rate
 * from the sender's byte count (OpenFlow's per-flow counters), and — unless adjustment is off —
 * runs Algorithm 1 on a fresh GSP, replacing the trees of the groups moved (make before break). A
 * link going down re-routes every tree over it at once.
 */
public final class GroupManager {
    private final Fabric fabric;
    private final MulticastManager multicast;
    private final RoutingSettings settings;
    private final LinkLoads loads;
    private final FlowTable flows;
    private final LinkMonitor monitor;
    private final RoutingManager routing;
    private final SessionManager sessions;
    private final Map<Integer, LongSupplier> sent = new HashMap<>();
    private final Map<Integer, Long> lastSent = new HashMap<>();
    private final List<Move> moves = new ArrayList<>();
    private int lastGroup;
    private Runnable ticking;

    public GroupManager(Fabric fabric, MulticastManager multicast, RoutingSettings settings, long keepInactiveNanos) {
        this.fabric = fabric;
        this.multicast = multicast;
        this.settings = settings;
        this.loads = new LinkLoads(fabric.network());
        this.flows = new FlowTable(fabric.network().arcCount());
        this.monitor = new LinkMonitor(fabric, loads, settings.weight(), flows::flowsOn);
        this.routing = new RoutingManager(loads, settings);
        this.sessions = new SessionManager(keepInactiveNanos);
        fabric.onLinkChange((link, up) -> linkChanged(link, up));
    }

    /**
     * Opens a session from {@code source} to {@code receivers} and installs its tree; returns the
     * group. {@code bytesSent} is the sender's count of bytes multicast, read every interval for the
     * group's rate.
     */
    public int open(int source, int[] receivers, LongSupplier bytesSent) {
        MulticastTree tree = sessions.reuse(source, receivers).filter(t -> !loads.anyDown(t.arcs()))
                .orElseGet(() -> routing.calculate(source, receivers).orElseThrow(() ->
                        new IllegalStateException("no tree reaches every receiver from " + fabric.network().node(source))));
        int group = ++lastGroup;
        multicast.install(group, tree);
        flows.started(tree.arcs());
        sessions.open(new RoutedGroup(group, source, receivers, tree));
        sent.put(group, bytesSent);
        lastSent.put(group, bytesSent.getAsLong());
        if (ticking == null) {
            monitor.poll();
            ticking = fabric.clock().schedule(settings.intervalNanos(), this::tick);
        }
        return group;
    }

    /** The session of {@code group} closed: its tree is kept inactive for reuse. */
    public void close(int group) {
        RoutedGroup closed = sessions.close(group, fabric.clock().now());
        if (closed != null) {
            flows.ended(closed.tree().arcs());
            sent.remove(group);
            lastSent.remove(group);
        }
    }

    private void tick() {
        ticking = null;
        long now = fabric.clock().now();
        monitor.poll();
        List<RoutedGroup> active = sessions.active();
        double total = 0;
        for (RoutedGroup group : active) {
            long bytes = sent.get(group.id()).getAsLong();
            group.rate((bytes - lastSent.put(group.id(), bytes)) * 8e9 / settings.intervalNanos());
            total += group.rate();
        }
        if (settings.adjust() && !active.isEmpty()) {
            routing.refresh(total / active.size());
            List<MulticastTree> before = active.stream().map(RoutedGroup::tree).toList();
            for (RoutedGroup group : routing.adjust(active)) {
                install(group, before.get(active.indexOf(group)), Move.Reason.CONGESTION);
            }
        }
        sessions.clean(now);
        if (!active.isEmpty() || sessions.inactiveCount() > 0) {
            ticking = fabric.clock().schedule(settings.intervalNanos(), this::tick);
        }
    }

    private void linkChanged(int link, boolean up) {
        loads.setLinkUp(link, up);
        if (!up) {
            List<RoutedGroup> active = sessions.active();
            routing.refresh(active.stream().mapToDouble(RoutedGroup::rate).average().orElse(0));
            List<MulticastTree> before = active.stream().map(RoutedGroup::tree).toList();
            for (RoutedGroup group : routing.rerouteAroundFailures(active)) {
                install(group, before.get(active.indexOf(group)), Move.Reason.LINK_FAILURE);
            }
        }
    }

    private void install(RoutedGroup group, MulticastTree old, Move.Reason reason) {
        flows.ended(old.arcs());
        flows.started(group.tree().arcs());
        int version = multicast.replace(group.id(), group.tree(), settings.intervalNanos());
        moves.add(new Move(fabric.clock().now(), group.id(), version, reason));
    }

    /** Every tree replacement so far, in order. */
    public List<Move> moves() {
        return List.copyOf(moves);
    }

    public FlowTable flows() {
        return flows;
    }

    public SessionManager sessions() {
        return sessions;
    }

    public LinkLoads loads() {
        return loads;
    }

    /** A group's tree replaced at {@code atNanos} by version {@code version}, for {@code reason}. */
    public record Move(long atNanos, int group, int version, Reason reason) {
        public enum Reason { CONGESTION, LINK_FAILURE }
    }
}

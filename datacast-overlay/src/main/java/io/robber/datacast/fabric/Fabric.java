package io.robber.datacast.fabric;

import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;

/**
 * An emulated data-center network in virtual time, at the packet level: one {@link Port} per arc of
 * the {@link Network} and one {@link NodeHandler} per node, switch or server. Packets are source
 * routed, so every node forwards by default ({@link SourceRouting}); a protocol attaches its own
 * handlers (relays, hosts) where it needs them. Discrete events on a {@link VirtualClock}, no
 * threads: a run is a function of the network, the handlers and the seed (the loss draws).
 *
 * <p>The controller's view: {@link #port(int)} counters per arc, links taken {@linkplain #setLinkUp
 * down and up} (and {@linkplain #onLinkChange listeners} told), an arc's rate and loss rate changed
 * for an experiment.
 *
 * <p>The same fabric runs in real time on loopback, its packets crossing sockets as bytes, inside a
 * {@link LoopbackFabric}; there the clock is paced, and {@link #runUntil} is not for use.
 */
public final class Fabric implements PacketOutput {
    private final Network network;
    private final VirtualClock clock;
    private final NodeHandler[] handlers;
    private final Port[] ports;
    private final List<LinkListener> linkListeners = new ArrayList<>();

    public Fabric(Network network, VirtualClock clock, long seed) {
        this(network, clock, seed, null);
    }

    /**
     * A fabric whose transmitted packets cross {@code wire} (null: straight to the head's handler after
     * the propagation delay). The wire then carries the delay, and hands the packet back through
     * {@link #deliver}.
     */
    Fabric(Network network, VirtualClock clock, long seed, Wire wire) {
        this.network = network;
        this.clock = clock;
        this.handlers = new NodeHandler[network.nodeCount()];
        Arrays.fill(handlers, new SourceRouting(this));
        NodeHandler[] arrivals = handlers;
        if (wire != null) {
            arrivals = new NodeHandler[handlers.length];
            Arrays.fill(arrivals, (NodeHandler) packet -> wire.carry(packet.lastArc(), packet));
        }
        SplittableRandom random = new SplittableRandom(seed);
        this.ports = new Port[network.arcCount()];
        for (int arc = 0; arc < ports.length; arc++) {
            LinkProfile profile = network.link(Network.linkOf(arc)).profile();
            if (wire != null) {
                profile = new LinkProfile(profile.capacityBitsPerSecond(), 0, profile.queuePackets());
            }
            ports[arc] = new Port(arc, network.head(arc), profile, clock, random, arrivals);
        }
    }

    /** A packet that crossed a {@link Wire} reaches {@code node}. */
    void deliver(int node, Packet packet) {
        packet.reached(node);
        handlers[node].receive(packet);
    }

    /** Node {@code node} handles the packets reaching it with {@code handler} from now on. */
    public void attach(int node, NodeHandler handler) {
        handlers[node] = handler;
    }

    /** {@inheritDoc} Refuses, as a bug, a packet whose next arc does not leave the node it reached last. */
    @Override
    public void send(Packet packet) {
        int arc = packet.take();
        if (packet.at() >= 0 && network.tail(arc) != packet.at()) {
            throw new IllegalStateException("a packet at " + network.node(packet.at()) + " cannot leave on arc "
                    + network.describeArc(arc));
        }
        ports[arc].offer(packet);
    }

    public Port port(int arc) {
        return ports[arc];
    }

    /** Takes both directions of {@code link} down (dropping what they hold) or back up. */
    public void setLinkUp(int link, boolean up) {
        boolean changed = ports[2 * link].isUp() != up || ports[2 * link + 1].isUp() != up;
        ports[2 * link].setUp(up);
        ports[2 * link + 1].setUp(up);
        if (changed) {
            linkListeners.forEach(listener -> listener.linkChanged(link, up));
        }
    }

    /** Tells {@code listener} of every link {@linkplain #setLinkUp taken down or up} from now on. */
    public void onLinkChange(LinkListener listener) {
        linkListeners.add(listener);
    }

    /** Gives one direction of a link its own rate, e.g. the paper's slow switch⟨0,0⟩→02. */
    public void setRate(int arc, long bitsPerSecond) {
        ports[arc].setRate(bitsPerSecond);
    }

    /** Loses each packet transmitted on {@code arc} with this probability. */
    public void setLossRate(int arc, double lossRate) {
        ports[arc].setLossRate(lossRate);
    }

    public Network network() {
        return network;
    }

    public VirtualClock clock() {
        return clock;
    }

    /** Runs events until none is left or the virtual time would pass {@code endNanos}. */
    public void runUntil(long endNanos) {
        while (!clock.idle() && clock.nextTime() <= endNanos) {
            clock.step();
        }
    }

    /** Sums a counter over every port, e.g. {@code total(Port::drops)}. */
    public long total(ToLongFunction<Port> counter) {
        long sum = 0;
        for (Port port : ports) {
            sum += counter.applyAsLong(port);
        }
        return sum;
    }
}

package io.robber.datacast.background;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.tcp.TcpSettings;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded background traffic in MCTCP §5.2's separated setup: each sending server opens TCP flows to
 * its fixed partner (the paper: host i to host (i + 4) mod hosts), one after another as a Poisson
 * process, sizes drawn from a {@link FlowSizes} mix, at a rate that loads the sender's link to
 * {@code load} of its capacity on average. Flows run concurrently when they overlap. A run is a
 * function of the seed.
 */
public final class BackgroundTraffic {
    private final Fabric fabric;
    private final FlowEndpoints endpoints;
    private final UnicastRoutes routes;
    private final FlowSizes sizes;
    private final double load;
    private final TcpSettings settings;
    private final FlowObserver observer;
    private final SplittableRandom random;
    private final List<TcpFlow> flows = new ArrayList<>();
    private int nextId;
    private boolean stopped;

    public BackgroundTraffic(Fabric fabric, FlowEndpoints endpoints, UnicastRoutes routes, FlowSizes sizes, double load,
            TcpSettings settings, FlowObserver observer, long seed) {
        this.fabric = fabric;
        this.endpoints = endpoints;
        this.routes = routes;
        this.sizes = sizes;
        this.load = load;
        this.settings = settings;
        this.observer = observer;
        this.random = new SplittableRandom(seed);
        this.nextId = 1_000_000;
    }

    /** Server {@code from} sends flows to server {@code to} from now until {@code untilNanos}. */
    public void pair(int from, int to, long untilNanos) {
        next(from, to, untilNanos);
    }

    /** MCTCP's separated setup over {@code servers}: every even-indexed one sends to the one 4 after it (mod the count). */
    public void separated(int[] servers, long untilNanos) {
        for (int i = 0; i < servers.length; i += 2) {
            pair(servers[i], servers[(i + 4) % servers.length], untilNanos);
        }
    }

    /**
     * The servers numbered rack by rack, as the paper's hosts are (h1, h2 on the first edge switch, …),
     * so that the even ones and the odd ones share every rack.
     */
    public static int[] serversByRack(Network network) {
        return network.servers().stream().mapToInt(Node::index).boxed()
                .sorted(Comparator.comparingInt((Integer server) -> rack(network, server)).thenComparing(s -> s))
                .mapToInt(Integer::intValue).toArray();
    }

    /** The switch a server hangs from (its first link's other end). */
    public static int rack(Network network, int server) {
        return network.outHead(network.outStart(server));
    }

    /** Starts no more flows and stops every running one now: the experiment is over. */
    public void stop() {
        stopped = true;
        flows.forEach(TcpFlow::stop);
    }

    private void next(int from, int to, long until) {
        double capacity = fabric.port(routes.between(from, to)[0]).rateBitsPerSecond();
        double flowsPerSecond = load * capacity / (8.0 * sizes.meanPackets() * FlowSizes.PACKET_BYTES);
        long gap = (long) (-Math.log(1 - random.nextDouble()) / flowsPerSecond * 1e9);
        long at = fabric.clock().now() + gap;
        if (at >= until) {
            return;
        }
        int segments = (int) Math.max(1, (long) sizes.samplePackets(random) * FlowSizes.PACKET_BYTES / settings.segmentBytes());
        fabric.clock().at(at, () -> {
            if (stopped) {
                return;
            }
            TcpFlow flow = TcpFlow.hashed(fabric, endpoints, routes, nextId++, from, to, segments, settings, observer);
            flows.add(flow);
            flow.start();
            next(from, to, until);
        });
    }

    /** Every flow started so far. */
    public List<TcpFlow> flows() {
        return List.copyOf(flows);
    }
}

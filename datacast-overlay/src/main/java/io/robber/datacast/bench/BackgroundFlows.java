package io.robber.datacast.bench;

import io.robber.datacast.background.BackgroundTraffic;
import io.robber.datacast.background.FlowEndpoints;
import io.robber.datacast.background.FlowObserver;
import io.robber.datacast.background.FlowSizes;
import io.robber.datacast.background.TcpFlow;
import io.robber.datacast.background.UnicastRoutes;
import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.tcp.TcpSettings;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Unicast TCP flows (Reno) that share the fabric with a run's multicast, as the papers load it: a
 * {@link Mix} of MCTCP §5.2 (every other server, rack by rack, opens flows of a {@link FlowSizes}
 * mix to the one four after it, loading its link to a share of its capacity on average), and the
 * papers' long-lived {@link Iperf} flows between two servers. The flows run until the multicast has
 * delivered everything; they are seeded by the run's seed.
 *
 * @param mix    the flow-size mix and its load, or null for none
 * @param iperfs long-lived flows, each for the whole run
 */
public record BackgroundFlows(Mix mix, List<Iperf> iperfs) {
    /** No background traffic. */
    public static final BackgroundFlows NONE = new BackgroundFlows(null, List.of());
    /** The iperf flows' ids; the mix's start at {@code 1_000_000}. */
    private static final int FIRST_IPERF_ID = 1;

    /** Flows of {@code sizes} loading each sender's link to {@code load} of its capacity on average. */
    public record Mix(FlowSizes sizes, double load) {
        public Mix {
            if (!(load > 0 && load <= 1)) {
                throw new IllegalArgumentException("a background load is a share of the link in (0, 1], got " + load);
            }
        }
    }

    /** One long-lived flow from server {@code from} to server {@code to}. */
    public record Iperf(int from, int to) {
    }

    public BackgroundFlows {
        iperfs = List.copyOf(iperfs);
    }

    /**
     * Parses the flows from their specs, each {@code websearch:LOAD}, {@code datamining:LOAD} (at most
     * one mix) or {@code iperf:A-B} (servers named as {@code network} names them).
     */
    public static BackgroundFlows parse(List<String> specs, Network network) {
        Mix mix = null;
        List<Iperf> iperfs = new ArrayList<>();
        for (String spec : specs) {
            int colon = spec.indexOf(':');
            String kind = colon < 0 ? spec : spec.substring(0, colon).toLowerCase(Locale.ROOT);
            String argument = colon < 0 ? "" : spec.substring(colon + 1);
            switch (kind) {
                case "websearch", "datamining" -> {
                    if (mix != null) {
                        throw new IllegalArgumentException("one flow-size mix at a time: got " + mix.sizes().name()
                                .toLowerCase(Locale.ROOT).replace("_", "") + " and " + spec);
                    }
                    mix = new Mix(kind.equals("websearch") ? FlowSizes.WEB_SEARCH : FlowSizes.DATA_MINING,
                            load(spec, argument));
                }
                case "iperf" -> iperfs.add(iperf(spec, argument, network));
                default -> throw new IllegalArgumentException("unknown background '" + spec + "': give websearch:LOAD, "
                        + "datamining:LOAD (LOAD a share of each sender's link, e.g. 0.3) or iperf:A-B (two servers)");
            }
        }
        return new BackgroundFlows(mix, iperfs);
    }

    private static double load(String spec, String argument) {
        try {
            return Double.parseDouble(argument);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("background '" + spec + "' needs a load after the colon, a share of "
                    + "each sender's link in (0, 1], e.g. 0.3");
        }
    }

    private static Iperf iperf(String spec, String argument, Network network) {
        int dash = argument.indexOf('-');
        if (dash < 0) {
            throw new IllegalArgumentException("background '" + spec + "' names its two servers as iperf:A-B");
        }
        Node from = network.node(argument.substring(0, dash));
        Node to = network.node(argument.substring(dash + 1));
        for (Node node : List.of(from, to)) {
            if (!network.servers().contains(node)) {
                throw new IllegalArgumentException("background '" + spec + "': " + node.name()
                        + " is a switch; flows run between servers");
            }
        }
        if (from.equals(to)) {
            throw new IllegalArgumentException("background '" + spec + "' goes from a server to itself");
        }
        return new Iperf(from.index(), to.index());
    }

    /** Whether there is any background traffic. */
    public boolean any() {
        return mix != null || !iperfs.isEmpty();
    }

    /**
     * Starts the flows now on {@code fabric}, their endpoints beside the hosts of {@code multicast},
     * each telling {@code observer} where it runs; an iperf flow has enough data for {@code horizonNanos}
     * at its first link's rate.
     */
    Running start(Fabric fabric, MulticastManager multicast, FlowObserver observer, long seed, long horizonNanos) {
        FlowEndpoints endpoints = new FlowEndpoints(multicast::addHost);
        UnicastRoutes routes = new UnicastRoutes(fabric);
        TcpSettings settings = TcpSettings.DEFAULT;
        List<TcpFlow> flows = new ArrayList<>();
        int id = FIRST_IPERF_ID;
        for (Iperf iperf : iperfs) {
            double rate = fabric.port(routes.between(iperf.from(), iperf.to())[0]).rateBitsPerSecond();
            long segments = (long) (rate / 8 * (horizonNanos / 1e9) / settings.segmentBytes()) + 1;
            TcpFlow flow = TcpFlow.routed(fabric, endpoints, routes, id++, iperf.from(), iperf.to(),
                    (int) Math.min(Integer.MAX_VALUE - 8, segments), settings, observer);
            flow.start();
            flows.add(flow);
        }
        BackgroundTraffic traffic = null;
        if (mix != null) {
            traffic = new BackgroundTraffic(fabric, endpoints, routes, mix.sizes(), mix.load(), settings, observer, seed);
            traffic.separated(BackgroundTraffic.serversByRack(fabric.network()), Long.MAX_VALUE);
        }
        return new Running(flows, traffic);
    }

    /** The flows of one run. */
    static final class Running {
        private final List<TcpFlow> iperfs;
        private final BackgroundTraffic traffic;

        private Running(List<TcpFlow> iperfs, BackgroundTraffic traffic) {
            this.iperfs = iperfs;
            this.traffic = traffic;
        }

        /** Stops every flow now and starts no more. */
        void stop() {
            iperfs.forEach(TcpFlow::stop);
            if (traffic != null) {
                traffic.stop();
            }
        }
    }
}

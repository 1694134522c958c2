package io.robber.datacast.mctcp;

import io.robber.datacast.background.BackgroundTraffic;
import io.robber.datacast.background.FlowEndpoints;
import io.robber.datacast.background.FlowSizes;
import io.robber.datacast.background.UnicastRoutes;
import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.multicast.MulticastManager;
import io.robber.datacast.tcp.TcpSettings;
import io.robber.datacast.topology.Fattree;
import io.robber.datacast.topology.LeafSpine;
import io.robber.datacast.topology.LinkProfile;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Topology;
import io.robber.sim.VirtualClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * MCTCP's Figs. 11–12 in analogue (§5.2, separated setup), in virtual time on the fabric: with the
 * hosts numbered rack by rack, the even ones send background TCP flows to the host four further on (web-search or data-mining sizes, at
 * a load of 0.1–0.8 of their link), while MCTCP groups of a sender and three receivers, drawn from
 * the odd hosts over at least three racks, multicast long transfers; the manager polls every 2 s.
 * Prints each scheme's average group throughput over the run after its first polling interval,
 * averaged over the seeds (each seeds the background, the groups and the fabric): a
 * tree that is never moved (shortest paths, the IGMP-era trees of the paper's TCP-SMO baseline),
 * MCTCP-S and MCTCP-W. Fat-Tree(4,3) with two groups and Leaf-Spine with four spines, eight leaves
 * of four hosts and four groups; every link 100 Mbit/s.
 *
 * <p>{@code RoutingSweepBenchmark [seconds=20] [seeds=3]}.
 */
public final class RoutingSweepBenchmark {
    private static final long SECOND = 1_000_000_000L;
    private static final LinkProfiles LINKS = LinkProfiles.uniform(new LinkProfile(100_000_000L, 5_000L, 100));
    private static final double[] LOADS = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8};

    private RoutingSweepBenchmark() {
    }

    /** The schemes compared, each a group manager's settings. */
    private enum Scheme {
        FIXED(RoutingSettings.DEFAULT.withRouting(Routing.SHORTEST_PATH).withAdjust(false)),
        MCTCP_S(RoutingSettings.DEFAULT.withRouting(Routing.SHORTEST_PATH)),
        MCTCP_W(RoutingSettings.DEFAULT.withRouting(Routing.SHORTEST_WIDEST_PATH));

        final RoutingSettings settings;

        Scheme(RoutingSettings settings) {
            this.settings = settings.withInterval(2 * SECOND);
        }
    }

    public static void main(String[] args) {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 20;
        int seeds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        System.out.println("topology        | workload    | load | fixed Mbit/s | MCTCP-S Mbit/s | MCTCP-W Mbit/s | W/fixed");
        for (Topology topology : List.of(Fattree.of(4, 3, LINKS), LeafSpine.of(4, 8, 4, LINKS))) {
            int groups = topology instanceof Fattree ? 2 : 4;
            for (FlowSizes sizes : FlowSizes.values()) {
                for (double load : LOADS) {
                    double[] mbps = new double[Scheme.values().length];
                    for (Scheme scheme : Scheme.values()) {
                        for (long seed = 1; seed <= seeds; seed++) {
                            mbps[scheme.ordinal()] += run(topology.network(), groups, sizes, load, scheme.settings,
                                    seconds * SECOND, seed) / seeds;
                        }
                    }
                    System.out.printf(Locale.ROOT, "%-15s | %-11s | %4.1f | %12.1f | %14.1f | %14.1f | %7.2f%n",
                            topology.spec(), sizes.name().toLowerCase(Locale.ROOT), load, mbps[0], mbps[1], mbps[2],
                            mbps[2] / mbps[0]);
                }
            }
        }
    }

    /** The groups' average throughput in Mbit/s, from the first polling interval to the end. */
    static double run(Network network, int groupCount, FlowSizes sizes, double load, RoutingSettings settings,
            long durationNanos, long seed) {
        Fabric fabric = new Fabric(network, new VirtualClock(), seed);
        MulticastManager multicast = new MulticastManager(fabric);
        GroupManager manager = new GroupManager(fabric, multicast, settings, durationNanos);
        UnicastRoutes routes = new UnicastRoutes(fabric);
        FlowEndpoints endpoints = new FlowEndpoints(multicast::addHost);
        int[] servers = BackgroundTraffic.serversByRack(network);
        TcpSettings tcp = TcpSettings.DEFAULT.withEvictAfter(Long.MAX_VALUE / 4);
        new BackgroundTraffic(fabric, endpoints, routes, sizes, load, tcp, manager.flows(), seed).separated(servers,
                durationNanos);
        int segments = (int) Math.min(Integer.MAX_VALUE, durationNanos / SECOND * 20_000);
        List<McTcpSession> sessions = new ArrayList<>();
        for (int[] group : groups(network, servers, groupCount, new SplittableRandom(seed))) {
            int[] receivers = {group[1], group[2], group[3]};
            McTcpSession session = new McTcpSession(fabric, multicast, manager, routes, sessions.size() + 1, group[0],
                    receivers, segments, tcp, 1_000_000L);
            session.start();
            sessions.add(session);
        }
        long warm = settings.intervalNanos();
        fabric.runUntil(warm);
        long[] before = sessions.stream().mapToLong(McTcpSession::delivered).toArray();
        fabric.runUntil(durationNanos);
        double bits = 0;
        for (int s = 0; s < sessions.size(); s++) {
            bits += (sessions.get(s).delivered() - before[s]) * 8.0 * tcp.segmentBytes();
        }
        return bits / sessions.size() / ((durationNanos - warm) / 1e9) / 1e6;
    }

    /**
     * {@code count} disjoint groups of four odd-indexed servers (a sender first), each over at least
     * three racks (a server's rack is the switch it hangs from), drawn at random.
     */
    static List<int[]> groups(Network network, int[] servers, int count, SplittableRandom random) {
        List<Integer> odd = new ArrayList<>();
        for (int i = 1; i < servers.length; i += 2) {
            odd.add(servers[i]);
        }
        for (int attempt = 0; attempt < 10_000; attempt++) {
            for (int i = odd.size() - 1; i > 0; i--) {
                Collections.swap(odd, i, random.nextInt(i + 1));
            }
            List<int[]> groups = new ArrayList<>();
            for (int g = 0; g < count && 4 * g + 4 <= odd.size(); g++) {
                int[] group = odd.subList(4 * g, 4 * g + 4).stream().mapToInt(Integer::intValue).toArray();
                if (IntStream.of(group).map(server -> BackgroundTraffic.rack(network, server)).distinct().count() >= 3) {
                    groups.add(group);
                }
            }
            if (groups.size() == count) {
                return groups;
            }
        }
        throw new IllegalStateException("cannot draw " + count + " disjoint groups of four over three racks from "
                + odd.size() + " hosts");
    }
}

package io.robber.datacast.mctcp;

import io.robber.datacast.multicast.MulticastTree;
import io.robber.datacast.topology.Fattree;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The group manager's computing times, MCTCP's Tables 2 and 3 in analogue, on the fat trees of
 * k = 8 and 16 (Fattree(8,3): 128 hosts, 80 switches; Fattree(16,3): 1,024 hosts, 320 switches),
 * groups of one sender and three receivers as in the paper. Every arc gets a seeded weight in
 * [0.5, 1.5) (about half of them overloaded, so nearly every group is checked) and every group a
 * seeded rate and a tree calculated under other seeded weights (the load has changed since).
 * Prints the median over the repeats of: the full GSP (all-pair shortest widest paths); one tree
 * (SWP-WMPH) from it; and, for g groups, Algorithm 1 (the overloaded links found, the groups
 * sorted, each checked group's new tree and Algorithm 2) on a GSP computed before, and the same
 * with a fresh GSP whose rows are computed as the trees need them. Times are the thread's CPU
 * time, so other work on the machine does not inflate them (it still shares caches). The
 * link statistics (port counters) are not timed: they are memory reads here, OpenFlow round trips
 * in the paper.
 *
 * <p>{@code ControllerBenchmark [repeats=5] [seed=1] [maxGroups=10000]}.
 */
public final class ControllerBenchmark {
    private ControllerBenchmark() {
    }

    public static void main(String[] args) {
        int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 1;
        int maxGroups = args.length > 2 ? Integer.parseInt(args[2]) : 10_000;
        System.out.println("topology        | GSP ms | tree ms | g      | adjust ms | GSP on demand + adjust ms | groups moved");
        for (int k : new int[] {8, 16}) {
            Network network = Fattree.of(k, 3, LinkProfiles.DEFAULT).network();
            RoutingSettings settings = RoutingSettings.DEFAULT;
            double gsp = median(repeats, () -> {
                LinkLoads loads = loads(network, seed);
                long start = cpu();
                GlobalShortestPaths.of(loads, settings.routing(), settings.eta(), 0.3e9).computeAll();
                return cpu() - start;
            });
            RoutingManager routing = new RoutingManager(loads(network, seed), settings);
            List<RoutedGroup> sample = groups(network, 1000, seed);
            double tree = median(repeats, () -> {
                long start = cpu();
                for (RoutedGroup group : sample) {
                    routing.calculate(group.source(), group.receivers());
                }
                return (cpu() - start) / sample.size();
            });
            for (int g = 10; g <= maxGroups; g *= 10) {
                int count = g;
                int[] moved = new int[1];
                double adjust = median(repeats, () -> {
                    RoutingManager fresh = new RoutingManager(loads(network, seed), settings);
                    List<RoutedGroup> groups = groups(network, count, seed);
                    fresh.gsp().computeAll();
                    long start = cpu();
                    moved[0] = fresh.adjust(groups).size();
                    return cpu() - start;
                });
                double withGsp = median(repeats, () -> {
                    RoutingManager fresh = new RoutingManager(loads(network, seed), settings);
                    List<RoutedGroup> groups = groups(network, count, seed);
                    long start = cpu();
                    fresh.refresh(groups.stream().mapToDouble(RoutedGroup::rate).average().orElse(0));
                    fresh.adjust(groups);
                    return cpu() - start;
                });
                System.out.printf(Locale.ROOT, "Fattree(%2d,3)   | %6.1f | %7.3f | %6d | %9.1f | %25.1f | %d%n", k, gsp / 1e6,
                        tree / 1e6, g, adjust / 1e6, withGsp / 1e6, moved[0]);
            }
        }
    }

    /** Every arc a seeded weight in [0.5, 1.5). */
    private static LinkLoads loads(Network network, long seed) {
        LinkLoads loads = new LinkLoads(network);
        SplittableRandom random = new SplittableRandom(seed);
        for (int arc = 0; arc < network.arcCount(); arc++) {
            loads.setWeight(arc, 0.5 + random.nextDouble());
        }
        return loads;
    }

    /** {@code count} seeded groups of a sender and three receivers, rates 10–500 Mbit/s, trees routed under other weights. */
    private static List<RoutedGroup> groups(Network network, int count, long seed) {
        RoutingManager routing = new RoutingManager(loads(network, seed + 2), RoutingSettings.DEFAULT);
        SplittableRandom random = new SplittableRandom(seed + 1);
        int servers = network.servers().size();
        List<RoutedGroup> groups = new ArrayList<>();
        for (int id = 0; id < count; id++) {
            int[] members = random.ints(0, servers).distinct().limit(4).toArray();
            int[] receivers = Arrays.copyOfRange(members, 1, 4);
            MulticastTree tree = routing.calculate(members[0], receivers).orElseThrow();
            RoutedGroup group = new RoutedGroup(id, members[0], receivers, tree);
            group.rate(10e6 + random.nextDouble() * 490e6);
            groups.add(group);
        }
        return groups;
    }

    /** This thread's CPU time, ns: what the computation costs, whatever else the machine runs. */
    private static long cpu() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    private static double median(int repeats, java.util.function.LongSupplier run) {
        run.getAsLong();
        long[] times = new long[repeats];
        for (int i = 0; i < repeats; i++) {
            times[i] = run.getAsLong();
        }
        Arrays.sort(times);
        return times[repeats / 2];
    }
}

import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.steiner.SteinerTreeSet;
import io.robber.datacast.steiner.TreeBound;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.Network;
import io.robber.datacast.topology.Node;
import io.robber.datacast.topology.Topology;
import io.robber.datacast.topology.TopologySpec;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The Datacast paper's §6.1 on this implementation: time to compute a group's Steiner trees (Fig. 8)
 * and their number against the bound (Fig. 9, §6.1.2) on Fattree(24,3), BCube(8,3) and Torus(16,3),
 * for link failure rates 0, 1, 3, 5 % and groups of 16, 128 and 1024 servers (random source and
 * receivers, random failed links). The paper leaves out the cases where failures disconnect the
 * network; here the receivers are drawn among the servers still connected to the source (a
 * Fattree server whose one link failed cannot be in any group). Each case is computed once after a warm-up; the median and 90th percentile of wall
 * and thread-CPU time are over the cases.
 *
 * <pre>java -cp cli/target/robber.jar docs/bench/tools/SteinerTreeTiming.java [CASES] [SEED]</pre>
 * (defaults: 100 cases per row, seed 1; about 10 s on an idle machine).
 */
public final class SteinerTreeTiming {
    private static final String[] TOPOLOGIES = {"fattree:24,3", "bcube:8,3", "torus:16,3"};
    private static final double[] FAILURE_RATES = {0, 0.01, 0.03, 0.05};
    private static final int[] GROUP_SIZES = {16, 128, 1024};

    public static void main(String[] args) {
        int cases = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 1;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        System.out.println("topology      LFR  group  cases  wall-median  wall-p90  cpu-median  cpu-p90  trees/bound  below-bound  depth");
        for (String spec : TOPOLOGIES) {
            Topology topology = TopologySpec.parse(spec);
            Network network = topology.network();
            MultipleSteinerTrees algorithm = MultipleSteinerTrees.on(topology);
            Random random = new Random(seed);
            for (int i = 0; i < 300; i++) {
                FailedLinks failed = FailedLinks.random(network, 0.03, random);
                algorithm.calculate(group(network, 128, failed, random), failed);
            }
            for (double rate : FAILURE_RATES) {
                for (int size : GROUP_SIZES) {
                    double[] wall = new double[cases];
                    double[] cpu = new double[cases];
                    long trees = 0;
                    long bounds = 0;
                    long depths = 0;
                    int done = 0;
                    while (done < cases) {
                        FailedLinks failed = FailedLinks.random(network, rate, random);
                        Group group = group(network, size, failed, random);
                        long cpuStart = threads.getCurrentThreadCpuTime();
                        long start = System.nanoTime();
                        SteinerTreeSet set = algorithm.calculate(group, failed);
                        wall[done] = (System.nanoTime() - start) / 1e6;
                        cpu[done] = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e6;
                        trees += set.size();
                        bounds += TreeBound.of(network, group, failed);
                        depths += set.trees().stream().mapToInt(SteinerTree::depth).sum();
                        done++;
                    }
                    System.out.printf(Locale.ROOT, "%-12s %4.0f%% %6d %6d %10.3f ms %7.3f ms %8.3f ms %6.3f ms %12.4f %10.2f%% %6.2f%n",
                            spec, rate * 100, size, cases, median(wall), percentile(wall, 0.9), median(cpu),
                            percentile(cpu, 0.9), (double) trees / bounds, 100.0 * (bounds - trees) / bounds,
                            (double) depths / trees);
                }
            }
        }
    }

    /** A random source with {@code size − 1} random receivers among the servers connected to it over live links. */
    private static Group group(Network network, int size, FailedLinks failed, Random random) {
        while (true) {
            Node source = network.servers().get(random.nextInt(network.servers().size()));
            List<Node> reachable = reachableServers(network, source, failed);
            if (reachable.size() >= size - 1) {
                Collections.shuffle(reachable, random);
                return new Group(source, reachable.subList(0, size - 1));
            }
        }
    }

    private static List<Node> reachableServers(Network network, Node source, FailedLinks failed) {
        boolean[] seen = new boolean[network.nodeCount()];
        int[] queue = new int[network.nodeCount()];
        int tail = 0;
        queue[tail++] = source.index();
        seen[source.index()] = true;
        List<Node> servers = new ArrayList<>();
        for (int head = 0; head < tail; head++) {
            int v = queue[head];
            for (int i = network.outStart(v); i < network.outStart(v + 1); i++) {
                int arc = network.outArc(i);
                int w = network.head(arc);
                if (!seen[w] && failed.isLive(arc)) {
                    seen[w] = true;
                    queue[tail++] = w;
                    if (network.node(w).isServer()) {
                        servers.add(network.node(w));
                    }
                }
            }
        }
        return servers;
    }

    private static double median(double[] values) {
        return percentile(values, 0.5);
    }

    private static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(p * sorted.length))];
    }
}

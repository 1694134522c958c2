package io.robber.datacast.transport;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.steiner.Group;
import io.robber.datacast.steiner.MultipleSteinerTrees;
import io.robber.datacast.steiner.SteinerTree;
import io.robber.datacast.topology.BCube;
import io.robber.datacast.topology.FailedLinks;
import io.robber.datacast.topology.LinkProfiles;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import java.util.List;
import java.util.Locale;

/**
 * The paper's micro-benchmark of Datacast congestion control (§6.2, Table 1), in virtual time: BCube(4,1)
 * with 1 Gbit/s links, 5 µs delay and 100-packet queues; source 00 and receivers 02, 10, 21, 23, 31,
 * 33 on the level-0 tree (the one through switch ⟨0,0⟩ to 02, Fig. 7(a)); the arc ⟨0,0⟩→02 slowed to
 * 100 Mbit/s so 02 is the slowest receiver. Its throughput against the cache size C is Theorem 1's
 * subject, the source's duplicate-data ratio Theorem 2's.
 *
 * <p>{@code main} prints Table 1 beside the paper's numbers: {@code CacheSizeBenchmark [packets]
 * [δ Mbit/s] [loss rate] [FIFO|LRU|LFU]}, the last the stores' replacement (§6.2.4), FIFO by default.
 */
public final class CacheSizeBenchmark {
    public static final List<String> RECEIVERS = List.of("02", "10", "21", "23", "31", "33");
    public static final long SLOW_LINK_BITS_PER_SECOND = 100_000_000L;
    private static final long[] CACHE_KB = {8, 32, 128, 512, 2048};
    private static final double[] PAPER_THROUGHPUT = {91.380, 95.076, 98.799, 98.799, 98.799};
    private static final double[] PAPER_RATIO = {1.15, 1.14, 1.11, 1.10, 1.12};

    private CacheSizeBenchmark() {
    }

    /**
     * One run: {@code packets} data packets to the group with these settings, each packet on the
     * slow arc lost with probability {@code lossRate}.
     */
    public static TransferReport run(TransportSettings settings, int packets, double lossRate, long seed) {
        BCube bcube = BCube.of(4, 1, LinkProfiles.DEFAULT);
        Network network = bcube.network();
        Group group = new Group(network.node("00"), RECEIVERS.stream().map(network::node).toList());
        SteinerTree tree = MultipleSteinerTrees.on(bcube).calculate(group, FailedLinks.none()).trees().get(0);
        Fabric fabric = new Fabric(network, new VirtualClock(), seed);
        int slow = slowArc(network);
        fabric.setRate(slow, SLOW_LINK_BITS_PER_SECOND);
        fabric.setLossRate(slow, lossRate);
        int[] receivers = group.receivers().stream().mapToInt(node -> node.index()).toArray();
        TreeTransfer transfer = new TreeTransfer(new DatacastNodes(fabric), tree, receivers, BlockSchedule.single(1, packets), settings);
        transfer.start();
        return transfer.runUntilFinished(Long.MAX_VALUE);
    }

    /** The arc switch ⟨0,0⟩ → server 02. */
    static int slowArc(Network network) {
        int from = network.node("<0,0>").index();
        return network.arc(network.linkBetween(from, network.node("02").index()), from);
    }

    /** Theorem 1: the cache size above which Datacast works at the full rate R, C > R²T / 2δ, bytes. */
    public static double fullRateCacheBytes(TransportSettings settings, long slowestBitsPerSecond) {
        double r = slowestBitsPerSecond;
        return r * r * settings.increaseIntervalNanos() / 1e9 / (2.0 * settings.rateIncreaseBitsPerSecond()) / 8;
    }

    /** Theorem 2: the duplicate-data ratio at the full rate, (δ/T) / (δ/T + R²/2MTU). */
    public static double duplicateDataRatio(TransportSettings settings, long slowestBitsPerSecond) {
        double increase = settings.rateIncreaseBitsPerSecond() / (settings.increaseIntervalNanos() / 1e9);
        double r = slowestBitsPerSecond;
        return increase / (increase + r * r / (2.0 * settings.mtuBytes() * 8));
    }

    public static void main(String[] args) {
        int packets = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        long delta = args.length > 1 ? Math.round(Double.parseDouble(args[1]) * 1e6) : 5_000_000L;
        double loss = args.length > 2 ? Double.parseDouble(args[2]) : 0;
        CacheReplacement replacement = args.length > 3 ? CacheReplacement.valueOf(args[3].toUpperCase(Locale.ROOT))
                : CacheReplacement.FIFO;
        TransportSettings base = TransportSettings.PAPER.withRateIncrease(delta).withCacheReplacement(replacement);
        System.out.printf(Locale.ROOT, "BCube(4,1), slow arc <0,0>->02 at 100 Mbit/s, %d packets, delta %.2f Mbit/s, "
                + "loss %.5f, %s stores; Theorem 1: C > %.0f KB, Theorem 2: %.2f %%, optimum %.3f Mbit/s%n", packets, delta / 1e6,
                loss, replacement, fullRateCacheBytes(base, SLOW_LINK_BITS_PER_SECOND) / 1000,
                100 * duplicateDataRatio(base, SLOW_LINK_BITS_PER_SECOND),
                SLOW_LINK_BITS_PER_SECOND / 1e6 * base.payloadBytes() / base.mtuBytes());
        boolean table1 = delta == TransportSettings.PAPER.rateIncreaseBitsPerSecond() && loss == 0
                && replacement == CacheReplacement.FIFO;
        System.out.println("cache KB | throughput Mbit/s | duplicate data %" + (table1 ? " | paper: throughput, duplicates" : ""));
        for (int i = 0; i < CACHE_KB.length; i++) {
            TransferReport report = run(base.withCacheBytes(CACHE_KB[i] * 1000), packets, loss, 1);
            System.out.printf(Locale.ROOT, "%8d | %17.3f | %16.2f%s%n", CACHE_KB[i],
                    report.minThroughputBitsPerSecond() / 1e6, 100 * report.duplicateDataRatio(),
                    table1 ? String.format(Locale.ROOT, " | %6.3f, %4.2f", PAPER_THROUGHPUT[i], PAPER_RATIO[i]) : "");
        }
    }
}

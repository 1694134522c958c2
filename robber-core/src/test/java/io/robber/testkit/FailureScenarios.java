package io.robber.testkit;

import io.robber.api.Group;
import io.robber.engine.PeerGraph;
import io.robber.engine.Protocol;
import io.robber.api.ProtocolOptions;
import io.robber.sim.LinkModel;
import io.robber.sim.SimData;
import io.robber.sim.SimBuilder;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * Random failures for the collective protocols, shared by the Robber and MOB simulation tests: a
 * group shape, a root, one or two members crashing or freezing (their connections left open and
 * silent) while the data flows, and a hundred connections dropping for 2 ms each, all drawn from a
 * seed.
 */
public final class FailureScenarios {
    private static final int[][] SHAPES = {{4, 4, 4, 4}, {1, 3, 7, 2}, {2, 13}, {3, 11, 2, 1, 6}, {8}};
    private static final int[][] ROOT_DEATH_SHAPES = {{4, 4, 4, 4}, {3, 3}, {2, 2, 2}, {2, 13}, {3, 11, 2, 1, 6}};
    private static final int PIECES = 100;
    private static final long MS = 1_000_000L;

    private FailureScenarios() {
    }

    /** One seeded scenario: the run's result and the members that crashed or froze. */
    public record Outcome(SimResult result, int[] crashed) {
    }

    /** The scenario of {@code seed}, or null when {@code protocol} cannot serve its placement even without failures. */
    public static Outcome randomCrashesAndOutages(Protocol protocol, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Group group = SimData.clusters(SHAPES[random.nextInt(SHAPES.length)]);
        int root = random.nextInt(group.size());
        if (!builder(protocol, group, root, seed).run().failures().isEmpty()) {
            return null;
        }
        SimBuilder builder = builder(protocol, group, root, seed);
        int[] crashed = new int[1 + random.nextInt(2)];
        for (int i = 0; i < crashed.length; i++) {
            do {
                crashed[i] = random.nextInt(group.size());
            } while (crashed[i] == root || i == 1 && crashed[1] == crashed[0]);
            long at = random.nextLong(150) * MS;
            if (random.nextBoolean()) {
                builder.crash(crashed[i], at);
            } else {
                builder.freeze(crashed[i], at);
            }
        }
        PeerGraph graph = protocol.plan(group, ProtocolOptions.defaults(seed)).graph();
        for (int i = 0; i < 100; i++) {
            int a = random.nextInt(group.size());
            int b = graph.neighbours(a).get(random.nextInt(graph.neighbours(a).size()));
            long from = random.nextLong(200_000) * 1000;
            builder.outage(a, b, from, from + 2 * MS);
        }
        return new Outcome(builder.run(), crashed);
    }

    /** The seeds of {@link #rootDiesAfterItsCollectiveHoldsTheData} that the Robber and MOB tests run. */
    public static Stream<Long> rootDeathSeeds() {
        return LongStream.rangeClosed(1, 60).boxed();
    }

    /**
     * The root dies — crashing, or freezing with its connections left open and silent — once the other
     * members of its collective hold the data, while the other clusters still receive over a slow
     * wide-area network (200 KB/s to 1 MB/s per pair of clusters). Null when the drawn root has no
     * collective of its own, or its collective finishes last.
     */
    public static Outcome rootDiesAfterItsCollectiveHoldsTheData(Protocol protocol, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Group group = SimData.clusters(ROOT_DEATH_SHAPES[random.nextInt(ROOT_DEATH_SHAPES.length)]);
        int root = random.nextInt(group.size());
        List<Integer> collective = group.collective(group.member(root).cluster());
        LinkModel links = LinkModel.clustered(group, 10 << 20, 100_000, 200_000 + random.nextInt(800_000), 10 * MS);
        Supplier<SimBuilder> builder = () -> SimNetwork.builder(group, protocol)
                .options(ProtocolOptions.defaults(seed))
                .pieces(120, 16 * 1024)
                .possession(SimData.roots(120, root))
                .links(links)
                .seed(seed);
        SimResult healthy = builder.get().run();
        if (collective.size() < 2 || !healthy.failures().isEmpty()) {
            return null;
        }
        long held = collective.stream().filter(m -> m != root)
                .mapToLong(m -> healthy.node(m).localCompleteAt()).max().orElseThrow();
        long end = healthy.completionTime();
        if (held >= end) {
            return null;
        }
        long at = held + (long) (random.nextDouble() * (end - held));
        SimBuilder dying = random.nextBoolean() ? builder.get().crash(root, at) : builder.get().freeze(root, at);
        return new Outcome(dying.run(), new int[] {root});
    }

    private static SimBuilder builder(Protocol protocol, Group group, int root, long seed) {
        return SimNetwork.builder(group, protocol)
                .options(ProtocolOptions.defaults(seed))
                .pieces(PIECES, 64 * 1024)
                .possession(SimData.roots(PIECES, root))
                .seed(seed);
    }
}

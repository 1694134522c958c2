package io.robber.robber;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.testkit.FailureScenarios;
import io.robber.sim.LinkModel;
import io.robber.sim.NodeStats;
import io.robber.sim.SimData;
import io.robber.sim.SimBuilder;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Robber when members crash or connections drop, in virtual time: survivors finish, nobody hangs. The
 * healthy transfer (4 clusters x 4, one root, 200 pieces of 64 KiB) takes about 200 ms.
 */
class MemberFailureSimTest {
    private static final int PIECE_SIZE = 64 * 1024;
    private static final int PIECES = 200;
    private static final long MS = 1_000_000L;
    private static final long FAILURE_TIMEOUT = 30_000 * MS;
    private static final RobberProtocol ROBBER = new RobberProtocol();

    private static SimBuilder fourByFour(long seed) {
        Group group = SimData.clusters(4, 4, 4, 4);
        return SimNetwork.builder(group, ROBBER)
                .options(ProtocolOptions.defaults(seed))
                .pieces(PIECES, PIECE_SIZE)
                .possession(SimData.roots(PIECES, 0))
                .seed(seed);
    }

    static Stream<Arguments> crashes() {
        return Stream.of(Arguments.of("c1n1", 100), Arguments.of("c2n0", 60), Arguments.of("c3n3", 150),
                Arguments.of("c0n2", 20), Arguments.of("c1n0", 5));
    }

    /**
     * A receiver crashes mid-transfer: its neighbours declare it dead after the failure timeout, its
     * collective re-takes its work, every survivor ends with every piece, and every flush names it.
     */
    @ParameterizedTest(name = "{0} crashes at {1} ms")
    @MethodSource("crashes")
    void survivorsCompleteWhenAReceiverCrashes(String id, int atMillis) {
        Group group = SimData.clusters(4, 4, 4, 4);
        int victim = group.indexOf(id);
        SimResult result = fourByFour(3).crash(victim, atMillis * MS).run().assertSurvivorsComplete(victim);
        assertThat(result.node(victim).localCompleteAt()).as("the victim was still receiving").isNegative();

        String cluster = group.member(victim).cluster();
        long wanIn = result.sum(cluster, NodeStats::piecesFromGlobal) - result.node(victim).piecesFromGlobal();
        assertThat(wanIn).as("pieces into %s from other clusters, survivors only", cluster).isLessThanOrEqualTo(2L * PIECES);
        assertThat(result.node(0).flushFailure()).contains("member " + id + " failed: connection lost at")
                .contains("and not back within 30 s");
    }

    static Stream<Long> crashTimes() {
        return LongStream.range(0, 14).map(i -> i * 15).boxed();
    }

    /**
     * Clusters of 2 and 3 on 1 MiB/s links with a 1 s failure timeout (the real-socket test's shape):
     * c1n1 crashes at various moments of a transfer of about 400 ms. Regression: a request to the
     * dead member that was abandoned put its piece back into the work, but the global peers never
     * heard the grown desire, so the survivors stalled.
     */
    @ParameterizedTest(name = "c1n1 crashes at {0} ms")
    @MethodSource("crashTimes")
    void survivorsCompleteWhenAMemberOfASmallCollectiveCrashes(long atMillis) {
        Group group = SimData.clusters(2, 3);
        SimNetwork.builder(group, ROBBER)
                .options(ProtocolOptions.defaults(5))
                .pieces(101, 16 * 1024)
                .possession(SimData.roots(101, 0))
                .links(LinkModel.clustered(group, 1 << 20, 100_000, 1 << 20, 100_000))
                .failureTimeout(Duration.ofSeconds(1))
                .seed(atMillis)
                .crash(3, atMillis * MS)
                .run()
                .assertSurvivorsComplete(3);
    }

    /** The only root dies before sending anything: every survivor fails, naming it, instead of hanging. */
    @Test
    void everySurvivorFailsWhenTheOnlyRootDiesFirst() {
        SimResult result = fourByFour(4).crash(0, 0).run();

        assertThat(result.failures()).hasSize(15)
                .allSatisfy(f -> assertThat(f).contains("member c0n0 failed").contains("out of reach"));
        assertThat(result.endTime()).as("detection plus watchdog").isLessThanOrEqualTo(2 * FAILURE_TIMEOUT + 1000 * MS);
    }

    /** The root dies once its own cluster holds the data: the others still get it from that cluster. */
    @Test
    void survivorsCompleteWhenTheRootDiesAfterItsClusterHasTheData() {
        SimResult healthy = fourByFour(5).run().assertAllComplete();
        Group group = healthy.group();
        long rootClusterDone = group.collective("c0").stream().filter(m -> m != 0)
                .mapToLong(m -> healthy.node(m).localCompleteAt()).max().orElseThrow();
        assertThat(healthy.completionTime()).as("others still busy then").isGreaterThan(rootClusterDone + MS);

        fourByFour(5).crash(0, rootClusterDone + MS).run().assertSurvivorsComplete(0);
    }

    static Stream<Arguments> rootDeathsInTwoClustersOfThree() {
        return LongStream.rangeClosed(1, 6).boxed().flatMap(seed -> Stream.of(0L, 300L, 900L, 1800L)
                .flatMap(after -> Stream.of(Arguments.of(seed, after, true), Arguments.of(seed, after, false))));
    }

    /**
     * DockerFaultIT's shape: two clusters of three behind a 200 KB/s WAN, and the root dies once its
     * collective holds the data, either closing its connections or (as a container killed behind a
     * proxy) leaving them open and silent. c1n0, whose only global peer is the root, gets its requests
     * to the root back as work once the root is declared dead, with no global peer left to fetch it
     * from. Its local peers, which found nothing to steal from it while those pieces were requested,
     * must hear that it has work again (§3.1's found-work). Regression: after a silent death they did
     * not, and the whole cluster gave up after the watchdog (in about 1 CI run of 20).
     */
    @ParameterizedTest(name = "seed {0}, {1} ms after the root cluster holds the data, silent {2}")
    @MethodSource("rootDeathsInTwoClustersOfThree")
    void survivorsCompleteWhenTheRootDiesWhileTheOtherClusterStillReceives(long seed, long afterMillis,
                                                                          boolean silent) {
        Group group = SimData.clusters(3, 3);
        Supplier<SimBuilder> run = () -> SimNetwork.builder(group, ROBBER)
                .options(ProtocolOptions.defaults(seed))
                .pieces(PIECES, 16 * 1024)
                .possession(SimData.roots(PIECES, 0))
                .links(LinkModel.clustered(group, 10 << 20, 100_000, 200_000, 10 * MS))
                .seed(seed);
        SimResult healthy = run.get().run().assertAllComplete();
        long rootClusterDone = Math.max(healthy.node(1).localCompleteAt(), healthy.node(2).localCompleteAt());
        long death = rootClusterDone + afterMillis * MS;
        assertThat(healthy.completionTime()).as("the other cluster still receives then").isGreaterThan(death);

        SimBuilder dying = run.get();
        (silent ? dying.freeze(0, death) : dying.crash(0, death)).run().assertSurvivorsComplete(0);
    }

    static Stream<Long> seeds() {
        return LongStream.rangeClosed(1, 20).boxed();
    }

    /**
     * 300 times during the transfer a random connection drops for 2 ms, well within the failure
     * timeout: the ends resynchronise (requests, pieces, floods and stolen work in flight are lost with
     * the connection) and everybody completes. Without the victims taking back unacknowledged loot,
     * about half of such seeds deadlock.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void shortOutagesAreRepairedAndNobodyIsDeclaredDead(long seed) {
        SimBuilder builder = fourByFour(seed);
        Group group = SimData.clusters(4, 4, 4, 4);
        var graph = ROBBER.plan(group, ProtocolOptions.defaults(seed)).graph();
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 300; i++) {
            int a = random.nextInt(group.size());
            int b = graph.neighbours(a).get(random.nextInt(graph.neighbours(a).size()));
            long from = random.nextLong(200_000) * 1000;
            builder.outage(a, b, from, from + 2 * MS);
        }

        builder.run().assertAllComplete();
    }

    static Stream<Long> chaosSeeds() {
        return LongStream.rangeClosed(1, 15).boxed();
    }

    /** One or two random members crash and a hundred connections drop for a moment, in groups of various shapes. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("chaosSeeds")
    void survivorsCompleteDespiteRandomCrashesAndOutages(long seed) {
        FailureScenarios.Outcome outcome = FailureScenarios.randomCrashesAndOutages(ROBBER, seed);

        outcome.result().assertSurvivorsComplete(outcome.crashed());
    }

    /**
     * The root dies once its collective holds the data, in groups of various shapes, by a crash or a
     * silent freeze. Before found-work followed work that grew back, 31 of 293 such draws failed, every
     * one a freeze.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("io.robber.testkit.FailureScenarios#rootDeathSeeds")
    void survivorsCompleteWhenTheRootDiesAfterItsCollectiveHoldsTheData(long seed) {
        FailureScenarios.Outcome outcome = FailureScenarios.rootDiesAfterItsCollectiveHoldsTheData(ROBBER, seed);
        assumeTrue(outcome != null, "the root has no collective of its own, or it finishes last");

        outcome.result().assertSurvivorsComplete(outcome.crashed());
    }

    /** Several members of one collective crash at different times; the rest of it re-takes all their work. */
    @Test
    void survivorsCompleteWhenMostOfACollectiveCrashes() {
        Group group = SimData.clusters(4, 4, 4, 4);
        int[] victims = {SimData.member(group, 2, 0), SimData.member(group, 2, 1), SimData.member(group, 2, 3)};

        fourByFour(6).crash(victims[0], 30 * MS).crash(victims[1], 90 * MS).crash(victims[2], 150 * MS)
                .run().assertSurvivorsComplete(victims);
    }

    /**
     * Clusters {c0n0, c0n1} and {c1n0}, where c1n0's only peer is c0n0 and the root is c0n1: when
     * c0n0 dies, c1n0 is cut off. It fails (the data is out of its reach); the root's flush names c0n0
     * as failed and c1n0 as unreachable, instead of waiting for it.
     */
    @Test
    void aMemberCutOffByADeathIsNamedUnreachable() {
        Group group = SimData.clusters(2, 1);
        long seed = LongStream.rangeClosed(1, 100)
                .filter(s -> ROBBER.plan(group, ProtocolOptions.defaults(s)).graph().neighbours(2).equals(java.util.List.of(0)))
                .findFirst().orElseThrow();

        SimResult result = SimNetwork.builder(group, ROBBER)
                .options(ProtocolOptions.defaults(seed))
                .pieces(20, PIECE_SIZE)
                .possession(SimData.roots(20, 1))
                .seed(seed)
                .crash(0, 0)
                .run();

        assertThat(result.node(2).failure()).contains("member c0n0 failed").contains("out of reach");
        assertThat(result.node(1).flushFailure()).contains("member c0n0 failed: connection lost at c0n1")
                .contains("member c1n0 is unreachable");
    }

    /**
     * A connection between two live members stays down past the failure timeout: each declares the
     * other dead. Nobody hangs; members not involved complete.
     */
    @Test
    void aLongOutageBetweenLiveMembersHangsNobody() {
        Group group = SimData.clusters(4, 4, 4, 4);
        int a = SimData.member(group, 1, 0);
        int b = ROBBER.plan(group, ProtocolOptions.defaults(7)).graph().neighbours(a).get(0);

        SimResult result = fourByFour(7).outage(a, b, 100 * MS, 100_000 * MS).run();

        for (int m = 0; m < group.size(); m++) {
            if (m != a && m != b) {
                assertThat(result.holds(m).cardinality()).as("pieces of %s", group.member(m).id()).isEqualTo(PIECES);
                assertThat(result.node(m).failure()).isNull();
            }
        }
    }
}

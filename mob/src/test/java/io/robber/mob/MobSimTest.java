package io.robber.mob;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.robber.RobberProtocol;
import io.robber.testkit.CompletionScenarios;
import io.robber.testkit.CompletionScenarios.Scenario;
import io.robber.sim.NodeStats;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import io.robber.testkit.SlowNodeScenario;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** MOB (Robber without stealing) on the virtual-time network. */
class MobSimTest {
    private static final int PIECE_SIZE = 64 * 1024;
    private static final MobProtocol MOB = new MobProtocol();
    /**
     * A root alone in its cluster is a global peer of the rank-0 members of the other clusters only,
     * so static work can bring nothing but the rank-0 shares into any cluster: MOB fails fast there.
     */
    private static final Set<String> BEYOND_STATIC_WORK = Set.of("clusters 1,3,7,2, root alone in its cluster");

    static Stream<Scenario> scenarios() {
        return CompletionScenarios.all().stream().filter(s -> !BEYOND_STATIC_WORK.contains(s.name()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void everyNodeEndsWithEveryPiece(Scenario scenario) {
        Group group = scenario.group();
        SimResult result = run(scenario, group);

        result.assertAllComplete();
        for (int m = 0; m < group.size(); m++) {
            assertThat(result.holds(m).cardinality()).as("pieces of %s", group.member(m).id())
                    .isEqualTo(scenario.pieceCount());
        }
        assertThat(result.total(NodeStats::stealsTried)).as("steals under MOB").isZero();
        assertThat(result.total(NodeStats::duplicates)).isZero();
    }

    /**
     * Regression: MOB used to deadlock on a placement its static work cannot serve (nodes waited for
     * pieces their global peers never get). It now fails fast on every node, saying why: the
     * operation of every receiver, and the flush of the root, which holds its data whatever happens.
     */
    @Test
    void placementStaticWorkCannotServeFailsFastInsteadOfDeadlocking() {
        Scenario scenario = CompletionScenarios.all().stream()
                .filter(s -> BEYOND_STATIC_WORK.contains(s.name())).findFirst().orElseThrow();
        Group group = scenario.group();
        SimResult result = run(scenario, group);

        assertThat(result.failures()).hasSize(group.size() - 1)
                .allSatisfy(reason -> assertThat(reason).contains("mob cannot deliver").contains("use protocol robber"));
        assertThat(result.node(0).flushFailure()).contains("mob cannot deliver");
        // Robber's stealing serves the same placement.
        SimNetwork.builder(group, new RobberProtocol())
                .options(ProtocolOptions.defaults(7))
                .pieces(scenario.pieceCount(), PIECE_SIZE)
                .possession(scenario.possession(group))
                .seed(11)
                .run()
                .assertAllComplete();
    }

    @Test
    void eachPieceCrossesIntoEachClusterOnce() {
        Group group = SimData.clusters(4, 4, 4, 4);
        int pieces = 200;
        SimResult result = SimNetwork.builder(group, MOB)
                .options(ProtocolOptions.defaults(3))
                .pieces(pieces, PIECE_SIZE)
                .possession(SimData.roots(pieces, 0))
                .seed(3)
                .run()
                .assertAllComplete();

        for (String cluster : List.of("c1", "c2", "c3")) {
            assertThat(result.sum(cluster, NodeStats::piecesFromGlobal)).as("pieces into %s", cluster).isEqualTo(pieces);
        }
    }

    static Stream<SlowNodeScenario> slowNodeScenarios() {
        return Stream.of(new SlowNodeScenario(2, 4, 400, 0.1), new SlowNodeScenario(4, 4, 800, 0.1));
    }

    /**
     * §3.2: MOB does not move work. The slow node fetches its whole equal share over its slow links and
     * the collective waits for it; Robber, in the same network, finishes far sooner.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("slowNodeScenarios")
    void slowNodeFetchesItsWholeShareAndRobberBeatsMob(SlowNodeScenario scenario) {
        SimResult mob = scenario.run(MOB, 1);
        SimResult robber = scenario.run(new RobberProtocol(), 1);
        int slow = scenario.slowNode(mob.group());

        System.out.printf("%s: slow node remote pieces mob %d, robber %d (share %d); completion mob %.3f s,"
                        + " robber %.3f s%n", scenario, mob.node(slow).piecesFromGlobal(),
                robber.node(slow).piecesFromGlobal(), scenario.equalShare(), mob.completionTime() / 1e9,
                robber.completionTime() / 1e9);
        assertThat(mob.node(slow).piecesFromGlobal()).as("pieces the slow node fetched remotely under MOB")
                .isEqualTo(scenario.equalShare());
        assertThat(mob.total(NodeStats::stealsTried)).as("steals tried under MOB").isZero();
        assertThat(mob.sum("c1", NodeStats::piecesFromGlobal)).isEqualTo(scenario.pieceCount());
        assertThat(robber.completionTime()).as("Robber's completion time vs half of MOB's")
                .isLessThan(mob.completionTime() / 2);
    }

    private static SimResult run(Scenario scenario, Group group) {
        return SimNetwork.builder(group, MOB)
                .options(ProtocolOptions.defaults(7))
                .pieces(scenario.pieceCount(), PIECE_SIZE)
                .possession(scenario.possession(group))
                .seed(11)
                .run();
    }
}

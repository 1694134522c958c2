package io.robber.mob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.robber.api.Group;
import io.robber.api.ProtocolOptions;
import io.robber.testkit.FailureScenarios;
import io.robber.sim.SimData;
import io.robber.sim.SimNetwork;
import io.robber.sim.SimResult;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** MOB when members crash or connections drop, in virtual time: survivors finish, nobody hangs. */
class MobFailureSimTest {
    private static final MobProtocol MOB = new MobProtocol();
    private static final long MS = 1_000_000L;

    /** A receiver dies mid-transfer (the healthy transfer takes about 200 ms); its collective re-takes its static work. */
    @Test
    void survivorsCompleteWhenAReceiverCrashes() {
        Group group = SimData.clusters(4, 4, 4, 4);
        int victim = SimData.member(group, 2, 1);
        SimResult result = SimNetwork.builder(group, MOB)
                .options(ProtocolOptions.defaults(3))
                .pieces(200, 64 * 1024)
                .possession(SimData.roots(200, 0))
                .seed(3)
                .crash(victim, 60 * MS)
                .run()
                .assertSurvivorsComplete(victim);

        assertThat(result.node(victim).localCompleteAt()).as("the victim was still receiving").isNegative();
        assertThat(result.total(s -> s.stealsTried())).as("MOB does not steal").isZero();
    }

    static Stream<Long> seeds() {
        return LongStream.rangeClosed(1, 15).boxed();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void survivorsCompleteDespiteRandomCrashesAndOutages(long seed) {
        FailureScenarios.Outcome outcome = FailureScenarios.randomCrashesAndOutages(MOB, seed);
        assumeTrue(outcome != null, "MOB's static work cannot serve this placement even without failures");

        outcome.result().assertSurvivorsComplete(outcome.crashed());
    }

    /** The root dies, crashing or freezing, once its collective holds the data; the other clusters finish from it. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("io.robber.testkit.FailureScenarios#rootDeathSeeds")
    void survivorsCompleteWhenTheRootDiesAfterItsCollectiveHoldsTheData(long seed) {
        FailureScenarios.Outcome outcome = FailureScenarios.rootDiesAfterItsCollectiveHoldsTheData(MOB, seed);
        assumeTrue(outcome != null, "the root has no collective of its own, or it finishes last");

        outcome.result().assertSurvivorsComplete(outcome.crashed());
    }
}

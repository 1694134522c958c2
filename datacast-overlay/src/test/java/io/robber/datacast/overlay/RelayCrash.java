package io.robber.datacast.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.api.Group;
import io.robber.sim.SimBuilder;
import io.robber.sim.SimResult;
import java.time.Duration;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The crash of a member that relays on a tree contracted to the members, checked alike for every
 * protocol that relays so ({@code datacast}, {@code rdcm}, {@code mctcp}): the first receiver with
 * children crashes a quarter into the healthy run's time; once it is declared dead (failure timeout
 * 500 ms) every survivor still ends with every piece, and for each of its children the next member
 * above the victim sends more than in the healthy run: the child re-parented to it.
 */
public final class RelayCrash {
    public static final Duration FAILURE_TIMEOUT = Duration.ofMillis(500);

    /** The crashed member, when it crashed, and the run. */
    public record Outcome(int victim, long crashAt, SimResult result) {
    }

    private RelayCrash() {
    }

    /** @param run a fresh builder of the same run each time */
    public static Outcome childrenReParentAndFinish(Group group, OverlayTree tree, Supplier<SimBuilder> run) {
        int victim = IntStream.range(1, group.size()).filter(m -> tree.children(m).length > 0).findFirst()
                .orElseThrow(() -> new AssertionError("no receiver relays on the tree"));
        SimResult healthy = run.get().run().assertAllComplete();
        long crashAt = healthy.completionTime() / 4;
        SimResult result = run.get()
                .failureTimeout(FAILURE_TIMEOUT)
                .crash(victim, crashAt)
                .run()
                .assertSurvivorsComplete(victim);
        assertThat(result.node(victim).localCompleteAt()).as("the victim was still receiving").isNegative();
        for (int child : tree.children(victim)) {
            int grandparent = tree.ancestors(child)[1];
            assertThat(result.node(grandparent).piecesSent()).as("%d, the next member above the victim, took over",
                    grandparent).isGreaterThan(healthy.node(grandparent).piecesSent());
        }
        return new Outcome(victim, crashAt, result);
    }
}

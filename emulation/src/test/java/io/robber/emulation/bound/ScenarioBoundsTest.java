package io.robber.emulation.bound;

import io.robber.planning.Bound;
import io.robber.planning.TreePackingBound;
import io.robber.planning.MinCutBound;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.robber.planning.Capacities;
import io.robber.emulation.model.Network;
import io.robber.emulation.model.Scenarios;
import org.junit.jupiter.api.Test;

/** The bounds of every shipped scenario, printed as the table results are reported against. */
class ScenarioBoundsTest {
    private static final double MB = 1e6;

    @Test
    void everyScenarioHasConsistentBounds() {
        System.out.printf("%-18s %14s %14s %16s %6s%n", "scenario", "trees MB/s", "min-cut MB/s", "schedule MB/s",
                "trees");
        for (String name : Scenarios.names()) {
            Network network = Scenarios.load(name).resolve();
            Capacities nominal = network.nominal();
            Bound trees = TreePackingBound.of(nominal);
            double cut = MinCutBound.of(nominal);
            boolean dynamic = !network.changeTimes(ScheduleBound.DEFAULT_HORIZON_NANOS).isEmpty();
            // a static network runs at its tree-packing bound (ScheduleBoundTest checks that)
            double schedule = dynamic ? ScheduleBound.of(network).rate() : trees.rate();
            System.out.printf("%-18s %14.4f %14.4f %16.4f %6d%n", name, trees.rate() / MB, cut / MB, schedule / MB,
                    trees.trees().size());
            assertThat(cut).as(name).isGreaterThanOrEqualTo(trees.rate() * (1 - 1e-7));
            if (name.startsWith("tc1") || name.startsWith("tc2")) {
                // no cluster limits: by Edmonds' theorem arborescence packing reaches the smallest cut
                assertThat(trees.rate()).as(name).isCloseTo(cut, within(cut * 1e-7));
            }
        }
    }
}

package io.robber.emulation.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.robber.planning.BranchingBound;
import io.robber.planning.Capacities;
import io.robber.planning.TreePackingBound;
import org.junit.jupiter.api.Test;

/** The generated TC2-like scenarios: their shape, their rates, their seed, and their exact bound. */
class GeneratedScenarioTest {

    @Test
    void theDefaultIsTenThousandNodesInAHundredClustersOnFourContinents() {
        Network network = Scenarios.load("generated").resolve();
        Capacities caps = network.nominal();
        assertThat(caps.clusterCount()).isEqualTo(100);
        for (int c = 0; c < 100; c++) {
            assertThat(caps.nodes(c)).isEqualTo(100);
        }
        assertThat(network.dataSize()).isEqualTo(1_000_000_000L);
        assertThat(caps.clusters()).filteredOn(n -> n.startsWith("europe")).hasSize(25);
        assertThat(caps.clusters()).filteredOn(n -> n.startsWith("africa")).hasSize(25);
        assertThat(caps.clusters().get(0)).isEqualTo("europe0");
    }

    @Test
    void ratesAndDelaysAreTc2sWithinTheJitterAndNicsAreTc3s() {
        NetworkModel model = GeneratedScenario.of("generated:continents=3:clusters=9:nodes=5:size=10MB:seed=4:jitter=0.2");
        Capacities caps = model.resolve().nominal();
        for (int c = 0; c < 9; c++) {
            assertThat(caps.nodeIn()[c]).containsOnly(12.5e6);
            assertThat(caps.nodeOut()[c]).containsOnly(12.5e6);
            assertThat(caps.accessIn()[c]).isInfinite();
            for (int d = 0; d < 9; d++) {
                if (c == d) {
                    continue;
                }
                boolean same = c % 3 == d % 3;
                double nominal = same ? 5e6 : 5e5;
                assertThat(caps.bandwidth()[c][d]).isBetween(0.8 * nominal - 1, 1.2 * nominal + 1)
                        .isEqualTo(caps.bandwidth()[d][c]);
                assertThat(caps.delay()[c][d]).isEqualTo(same ? 10_000_000L : 100_000_000L);
            }
        }
        Capacities exact = GeneratedScenario.of("generated:clusters=8:nodes=2:jitter=0").resolve().nominal();
        assertThat(exact.bandwidth()[0][4]).isEqualTo(5e6);
        assertThat(exact.bandwidth()[0][1]).isEqualTo(5e5);
    }

    @Test
    void theSeedFixesTheRatesAndANewSeedChangesThem() {
        String spec = "generated:clusters=12:nodes=3:seed=7";
        double[][] once = GeneratedScenario.of(spec).resolve().nominal().bandwidth();
        double[][] again = Scenarios.load(spec).resolve().nominal().bandwidth();
        double[][] other = GeneratedScenario.of("generated:clusters=12:nodes=3:seed=8").resolve().nominal().bandwidth();
        assertThat(again).isDeepEqualTo(once);
        assertThat(other).isNotEqualTo(once);
        assertThat(GeneratedScenario.of(spec).toJson()).isEqualTo(GeneratedScenario.of(spec).toJson());
    }

    @Test
    void theBoundByEdmondsEqualsTheTreePackingProgram() {
        for (String spec : new String[] {"generated:clusters=4:nodes=4:jitter=0", "generated:clusters=8:nodes=4:seed=1",
                "generated:continents=2:clusters=6:nodes=3:seed=5", "generated:clusters=12:nodes=2:seed=9"}) {
            Capacities caps = GeneratedScenario.of(spec).resolve().nominal();
            double program = TreePackingBound.of(caps).rate();
            assertThat(BranchingBound.exact(caps)).as(spec).hasValueCloseTo(program, within(program * 1e-6));
        }
        // TC2 with one cluster per continent: 500 KB/s into each, the shipped tc2-c1's bound
        Capacities tc2 = GeneratedScenario.of("generated:clusters=4:nodes=4:jitter=0").resolve().nominal();
        assertThat(BranchingBound.exact(tc2)).hasValueCloseTo(1.5e6, within(1.0));
    }

    @Test
    void theTenThousandNodeBoundIsExact() {
        Capacities caps = Scenarios.load("generated").resolve().nominal();
        assertThat(BranchingBound.exact(caps)).isPresent();
        // at most what flows into any one cluster: 24 pairs within its continent, 75 across
        assertThat(BranchingBound.exact(caps).getAsDouble()).isLessThanOrEqualTo(1.2 * (24 * 5e6 + 75 * 5e5))
                .isGreaterThan(0.8 * (24 * 5e6 + 75 * 5e5));
    }

    @Test
    void aWrongKeyIsNamed() {
        assertThatThrownBy(() -> Scenarios.load("generated:cluster=3")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'cluster=3'").hasMessageContaining("clusters=");
    }
}

package io.robber.emulation.model;

import io.robber.planning.Capacities;
import io.robber.planning.Units;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ScenariosTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void everyShippedScenarioResolves() {
        assertThat(Scenarios.names()).hasSize(29).contains("tc1-fast", "tc2-error-c4", "tc3-4x16", "tc4-2x2");
        for (String name : Scenarios.names()) {
            Network network = Scenarios.load(name).resolve();
            assertThat(network.name()).isEqualTo(name);
            assertThat(network.dataSize()).isPositive();
        }
    }

    @Test
    void tc1FastIsTheFixedMatrixWithTenMillisecondDelay() {
        Capacities c = Scenarios.load("tc1-fast").resolve().nominal();
        assertThat(c.clusters()).containsExactly("A", "B", "C", "D");
        assertThat(c.bandwidth()[0][1]).isEqualTo(8e6);
        assertThat(c.bandwidth()[1][0]).isEqualTo(8e6);
        assertThat(c.bandwidth()[0][3]).isEqualTo(2e6);
        assertThat(c.bandwidth()[1][2]).isEqualTo(6e6);
        assertThat(c.delay()[2][3]).isEqualTo(10_000_000L);
        assertThat(c.nodes(3)).isEqualTo(16);
        assertThat(c.clusterIn(0)).isInfinite();
    }

    @Test
    void fastToSlowDropsTwoLinksAtThirtySecondsAndScalesWithTheData() {
        Network n = Scenarios.load("tc1-fast-to-slow").resolve();
        assertThat(n.at(29 * SECOND).bandwidth()[0][3]).isEqualTo(2e6);
        assertThat(n.at(30 * SECOND).bandwidth()[0][3]).isEqualTo(0.8e6);
        assertThat(n.at(30 * SECOND).bandwidth()[2][1]).isEqualTo(0.8e6);
        assertThat(n.at(30 * SECOND).bandwidth()[0][1]).isEqualTo(8e6);
        Network small = n.scaled(0.05);
        assertThat(small.dataSize()).isEqualTo(30_000_000L);
        assertThat(small.at(1_400_000_000L).bandwidth()[0][3]).isEqualTo(2e6);
        assertThat(small.at(1_500_000_000L).bandwidth()[0][3]).isEqualTo(0.8e6);
        assertThat(small.changeTimes(10 * SECOND)).containsExactly(1_500_000_000L);
    }

    @Test
    void mayhemIsSeededSymmetricAndWithinTenToHundredPercent() {
        Network n = Scenarios.load("tc1-mayhem").resolve();
        assertThat(n.at(4 * SECOND).bandwidth()[0][1]).isEqualTo(8e6);
        Capacities a = n.at(12 * SECOND);
        Capacities b = n.at(12 * SECOND);
        for (int c = 0; c < 4; c++) {
            for (int d = 0; d < 4; d++) {
                if (c != d) {
                    double f = a.bandwidth()[c][d] / n.nominal().bandwidth()[c][d];
                    assertThat(f).isBetween(0.1, 1.0);
                    assertThat(a.bandwidth()[c][d]).isEqualTo(b.bandwidth()[c][d]).isEqualTo(a.bandwidth()[d][c]);
                }
            }
        }
        assertThat(n.at(12 * SECOND).bandwidth()[0][1]).isNotEqualTo(n.at(17 * SECOND).bandwidth()[0][1]);
        assertThat(n.changeTimes(20 * SECOND)).containsExactly(5 * SECOND, 10 * SECOND, 15 * SECOND, 20 * SECOND);
    }

    @Test
    void continentsAndTheMeasurementError() {
        Capacities c = Scenarios.load("tc2-c2").resolve().nominal();
        assertThat(c.clusters()).containsExactly("europe0", "europe1", "america0", "america1", "asia0", "asia1",
                "africa0", "africa1");
        assertThat(c.bandwidth()[0][1]).isEqualTo(5e6);
        assertThat(c.delay()[0][1]).isEqualTo(10_000_000L);
        assertThat(c.bandwidth()[0][2]).isEqualTo(500e3);
        assertThat(c.delay()[0][2]).isEqualTo(100_000_000L);
        Network error = Scenarios.load("tc2-error-c2").resolve();
        assertThat(error.nominal().bandwidth()[1][3]).isEqualTo(100e3);
        assertThat(error.reported().bandwidth()[1][3]).isEqualTo(500e3);
        assertThat(error.nominal().bandwidth()[0][4]).isEqualTo(500e3);
    }

    @Test
    void heterogeneousNicsInTestCaseFour() {
        Capacities c = Scenarios.load("tc4-2x8").resolve().nominal();
        assertThat(c.nodeIn()[1][0]).isEqualTo(10e6 / 8);
        assertThat(c.nodeIn()[1][4]).isEqualTo(100e6 / 8);
        assertThat(c.clusterIn(1)).isCloseTo(4 * 10e6 / 8 + 4 * 100e6 / 8, within(1e-6));
        assertThat(c.accessIn()[1]).isEqualTo(1e9 / 8);
    }

    @Test
    void rateScalingMultipliesEveryBandwidthButNotDelays() {
        Network n = Scenarios.load("tc1-fast-to-slow").resolve().rateScaled(0.5);
        assertThat(n.nominal().bandwidth()[0][1]).isEqualTo(4e6);
        assertThat(n.at(31 * SECOND).bandwidth()[0][3]).isEqualTo(0.4e6);
        assertThat(n.nominal().delay()[0][1]).isEqualTo(10_000_000L);
        Network tc4 = Scenarios.load("tc4-2x2").resolve().rateScaled(0.1);
        assertThat(tc4.nominal().nodeIn()[0][0]).isCloseTo(0.1 * 10e6 / 8, within(1e-6));
        assertThat(tc4.nominal().accessOut()[1]).isCloseTo(0.1 * 1e9 / 8, within(1e-3));
        assertThat(Scenarios.load("tc1-fast").resolve().rateScaled(1).nominal().clusterIn(0)).isInfinite();
    }

    @Test
    void unitsAndErrors() {
        assertThat(Units.rate("0.8MB/s")).isEqualTo(800_000);
        assertThat(Units.rate("100Mbit/s")).isEqualTo(12_500_000);
        assertThat(Units.rate(null)).isInfinite();
        assertThat(Units.nanos("10ms")).isEqualTo(10_000_000L);
        assertThat(Units.bytes("1GiB")).isEqualTo(1L << 30);
        assertThatThrownBy(() -> Units.rate("fast")).hasMessageContaining("not a rate");
        assertThatThrownBy(() -> Units.rate("5 furlongs")).hasMessageContaining("unknown rate unit");
        assertThatThrownBy(() -> Units.rate("5MB")).hasMessageContaining("unknown rate unit");
        assertThatThrownBy(() -> Scenarios.load("tc9")).hasMessageContaining("unknown scenario 'tc9'");
    }
}

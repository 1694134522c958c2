package io.robber.emulation.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.planning.Capacities;
import io.robber.planning.MonitoringData;
import org.junit.jupiter.api.Test;

/** A scenario's reported capacities as monitoring data. */
class ReportedCapacitiesTest {

    @Test
    void aScenariosReportedCapacitiesSurviveTheRoundTrip() {
        for (String name : new String[] {"tc1-fast", "tc2-error-c2", "tc4-2x16"}) {
            Capacities reported = Scenarios.load(name).resolve().reported();
            Capacities parsed = MonitoringData.parse(MonitoringData.toJson(reported));

            assertThat(parsed.clusters()).isEqualTo(reported.clusters());
            assertThat(parsed.bandwidth()).isDeepEqualTo(reported.bandwidth());
            assertThat(parsed.nodeIn()).isDeepEqualTo(reported.nodeIn());
            assertThat(parsed.nodeOut()).isDeepEqualTo(reported.nodeOut());
            assertThat(parsed.accessIn()).containsExactly(reported.accessIn());
            assertThat(parsed.accessOut()).containsExactly(reported.accessOut());
        }
    }

    /** The error variant's monitoring data is what the scenario reports, not what the links do. */
    @Test
    void theErrorVariantReportsTheWrongBandwidth() {
        Network network = Scenarios.load("tc2-error-c1").resolve();
        Capacities monitoring = MonitoringData.parse(MonitoringData.toJson(network.reported()));
        int europe = monitoring.clusters().indexOf("europe0");
        int america = monitoring.clusters().indexOf("america0");

        assertThat(monitoring.bandwidth()[europe][america]).isEqualTo(500e3);
        assertThat(network.nominal().bandwidth()[europe][america]).isEqualTo(100e3);
    }
}

package io.robber.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MonitoringDataTest {

    @Test
    void ratesTakeUnitsOrBytesPerSecondAndNullIsUnlimited() {
        Capacities c = MonitoringData.parse("""
                {"clusters": [{"name": "A", "nodes": 2, "nodeIn": ["100Mbit/s", 5e6], "accessOut": "1Gbit/s"},
                              {"name": "B", "nodes": 1}],
                 "bandwidth": [[null, "8MB/s"], [4000000, "unlimited"]]}
                """);
        assertThat(c.nodeIn()[0]).containsExactly(12.5e6, 5e6);
        assertThat(c.nodeOut()[0]).containsOnly(Double.POSITIVE_INFINITY);
        assertThat(c.accessOut()[0]).isEqualTo(125e6);
        assertThat(c.accessIn()[1]).isInfinite();
        assertThat(c.bandwidth()[0][1]).isEqualTo(8e6);
        assertThat(c.bandwidth()[1][0]).isEqualTo(4e6);
    }

    @Test
    void malformedDataIsNamed() {
        assertThatThrownBy(() -> MonitoringData.parse("{not json")).hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> MonitoringData.parse("{}")).hasMessageContaining("\"clusters\"");
        assertThatThrownBy(() -> MonitoringData.parse("""
                {"clusters": [{"name": "A", "nodes": 1}, {"name": "B", "nodes": 1}], "bandwidth": [[null, "8MB/s"]]}
                """)).hasMessageContaining("2 rows");
        assertThatThrownBy(() -> MonitoringData.parse("""
                {"clusters": [{"name": "A", "nodes": 1}, {"name": "B", "nodes": 1}],
                 "bandwidth": [[null, "8 parsecs"], [null, null]]}
                """)).hasMessageContaining("bandwidth A→B");
        assertThatThrownBy(() -> MonitoringData.parse("""
                {"clusters": [{"name": "A", "nodes": 2, "nodeIn": ["1MB/s"]}], "bandwidth": [[null]]}
                """)).hasMessageContaining("A.nodeIn lists 1 rates for 2 nodes");
        assertThatThrownBy(() -> MonitoringData.parse("""
                {"clusters": [{"name": "A", "nodes": 1}, {"name": "A", "nodes": 1}], "bandwidth": [[null, 1], [1, null]]}
                """)).hasMessageContaining("unique");
    }
}

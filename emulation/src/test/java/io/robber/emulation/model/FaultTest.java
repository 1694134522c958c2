package io.robber.emulation.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class FaultTest {
    private static Network read(String faults) throws IOException {
        String json = """
                {"name": "faults", "clusters": [{"name": "A", "nodes": 2}, {"name": "B", "nodes": 3}],
                 "faults": %s}""".formatted(faults);
        return NetworkModel.parse(json).resolve();
    }

    @Test
    void aScenarioListsFaultsByKindTargetTimeAndDuration() throws IOException {
        Network network = read("""
                [{"kind": "link-down", "target": "B/2", "at": "1s", "duration": "3s"},
                 {"kind": "kill", "target": "A/1", "at": "500ms"}]""");
        assertThat(network.faults()).containsExactly(
                new Fault(Fault.Kind.LINK_DOWN, 1, 2, 1_000_000_000L, 3_000_000_000L),
                new Fault(Fault.Kind.KILL, 0, 1, 500_000_000L, 0));
    }

    @Test
    void faultTimesScaleWithTheSchedule() throws IOException {
        Network network = read("""
                [{"kind": "bandwidth-drop", "target": "A/0", "at": "10s", "duration": "20s"}]""").scaled(0.1);
        assertThat(network.faults()).containsExactly(
                new Fault(Fault.Kind.BANDWIDTH_DROP, 0, 0, 1_000_000_000L, 2_000_000_000L));
        assertThat(network.withDataSize(5).faults()).isEqualTo(network.faults());
    }

    @Test
    void scenariosWithoutFaultsHaveNone() throws IOException {
        assertThat(Scenarios.load("tc1-fast").resolve().faults()).isEmpty();
    }

    @Test
    void refusesUnknownKindsAndTargetsOutsideTheNetwork() {
        assertThatThrownBy(() -> read("[{\"kind\": \"meteor\", \"target\": \"A/0\"}]"))
                .hasMessageContaining("unknown fault kind 'meteor'").hasMessageContaining("reset-peer");
        assertThatThrownBy(() -> read("[{\"kind\": \"kill\", \"target\": \"B/3\"}]"))
                .hasMessageContaining("'B/3' is not CLUSTER/RANK");
        assertThatThrownBy(() -> read("[{\"kind\": \"kill\", \"target\": \"C/0\"}]"))
                .hasMessageContaining("'C/0'");
    }
}

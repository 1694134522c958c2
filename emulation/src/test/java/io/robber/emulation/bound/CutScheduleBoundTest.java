package io.robber.emulation.bound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import io.robber.emulation.model.Scenarios;
import io.robber.planning.MinCutBound;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class CutScheduleBoundTest {
    private static final double MB = 1e6;

    @Test
    void aStaticNetworkRunsAtItsMinimumCut() {
        Network network = network("tc1-fast");
        assertThat(CutScheduleBound.of(network).rate())
                .isCloseTo(MinCutBound.of(network.nominal()), within(1e-3));
        assertThat(CutScheduleBound.of(network).seconds()).isCloseTo(60, within(1e-6));
    }

    @Test
    void neverBelowThePapersScheduleBound() {
        for (String name : new String[] {"tc1-fast-to-slow", "tc1-slow-to-fast", "tc1-mayhem", "tc4-2x4"}) {
            Network network = network(name);
            assertThat(CutScheduleBound.of(network).rate()).as(name)
                    .isGreaterThanOrEqualTo(ScheduleBound.of(network).rate() * (1 - 1e-6));
        }
    }

    @Test
    void relaysThatStoreDataBeatTheScheduleBoundWhenTheTightestClusterChanges() {
        // fast → slow: in the first 30 s a relay can store more than the tightest cluster's share, and the
        // tightest cluster after the change is another one, so the cut bound is below 30 + 300 / 8.6 s
        // but never below 600 MB at the fast 10 MB/s
        double seconds = CutScheduleBound.of(network("tc1-fast-to-slow")).seconds();
        assertThat(seconds).isGreaterThanOrEqualTo(60).isLessThan(30 + 300 / 8.6);
    }

    @Test
    void mayhemLiesAboveThePapersYardstickAndScales() {
        Network network = network("tc1-mayhem");
        CutScheduleBound.Result full = CutScheduleBound.of(network);
        CutScheduleBound.Result small = CutScheduleBound.of(network.scaled(0.05));
        double paper = ScheduleBound.of(network).rate();
        System.out.printf("cut bound over time: tc1-mayhem %.4f MB/s (%.3f s), paper's yardstick %.4f MB/s,"
                + " at scale 0.05 %.4f MB/s%n", full.rate() / MB, full.seconds(), paper / MB, small.rate() / MB);
        assertThat(full.rate()).isGreaterThan(paper);
        assertThat(small.rate()).isCloseTo(full.rate(), within(full.rate() * 1e-6));
    }

    @Test
    void givesUpAtTheHorizonWithAClearMessage() {
        assertThatThrownBy(() -> CutScheduleBound.of(network("tc1-fast"), 59L * 1_000_000_000L))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("tc1-fast")
                .hasMessageContaining("within 59.0 s");
    }

    @Test
    void anUnlimitedNetworkIsDoneAtOnce() throws IOException {
        String json = "{\"name\": \"free\", \"clusters\": [{\"name\": \"A\", \"nodes\": 1}, {\"name\": \"B\", \"nodes\": 2}]}";
        Network free = NetworkModel.parse(json).resolve();
        assertThat(CutScheduleBound.of(free).rate()).isInfinite();
    }

    private static Network network(String name) {
        return Scenarios.load(name).resolve();
    }
}

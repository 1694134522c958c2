package io.robber.emulation.bound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.robber.emulation.model.Network;
import io.robber.emulation.model.NetworkModel;
import java.io.IOException;
import io.robber.emulation.model.Scenarios;
import org.junit.jupiter.api.Test;

class ScheduleBoundTest {
    private static final double MB = 1e6;
    private static final long SECOND = 1_000_000_000L;

    @Test
    void aStaticNetworkRunsAtItsTreePackingBound() {
        ScheduleBound.Result r = ScheduleBound.of(network("tc1-fast"));
        assertThat(r.seconds()).isCloseTo(60, within(1e-6));
        assertThat(r.rate()).isCloseTo(10 * MB, within(1e-3));
        assertThat(r.phases()).singleElement().satisfies(p -> {
            assertThat(p.startNanos()).isZero();
            assertThat(p.endNanos()).isEqualTo(60 * SECOND);
        });
    }

    @Test
    void fastToSlowIntegratesBothStretches() {
        // 30 s at 10 MB/s = 300 MB, then 300 MB at 8.6 MB/s
        double expected = 30 + 300 / 8.6;
        ScheduleBound.Result full = ScheduleBound.of(network("tc1-fast-to-slow"));
        assertThat(full.seconds()).isCloseTo(expected, within(1e-6));
        assertThat(full.phases()).extracting(ScheduleBound.Phase::rate)
                .satisfiesExactly(r -> assertThat(r).isCloseTo(10 * MB, within(1e-3)),
                        r -> assertThat(r).isCloseTo(8.6 * MB, within(1e-3)));
        // scaling data and schedule together keeps the effective rate, hence the percentages
        ScheduleBound.Result small = ScheduleBound.of(network("tc1-fast-to-slow").scaled(0.05));
        assertThat(small.seconds()).isCloseTo(expected * 0.05, within(1e-6));
        assertThat(small.rate()).isCloseTo(full.rate(), within(full.rate() * 1e-7));
        System.out.printf("schedule bound: tc1-fast-to-slow %.4f MB/s (%.3f s), at scale 0.05 %.4f MB/s%n",
                full.rate() / MB, full.seconds(), small.rate() / MB);
    }

    @Test
    void slowToFastIntegratesBothStretches() {
        // 30 s at 8.6 MB/s = 258 MB, then 342 MB at 10 MB/s
        ScheduleBound.Result r = ScheduleBound.of(network("tc1-slow-to-fast"));
        assertThat(r.seconds()).isCloseTo(30 + 34.2, within(1e-6));
    }

    @Test
    void mayhemStaysBetweenTenAndHundredPercentOfFastAndScales() {
        ScheduleBound.Result full = ScheduleBound.of(network("tc1-mayhem"));
        ScheduleBound.Result small = ScheduleBound.of(network("tc1-mayhem").scaled(0.05));
        System.out.printf("schedule bound: tc1-mayhem %.4f MB/s (%.3f s, %d stretches), at scale 0.05 %.4f MB/s%n",
                full.rate() / MB, full.seconds(), full.phases().size(), small.rate() / MB);
        // every link keeps 10–100 % of its nominal bandwidth, and the bound scales with the links
        assertThat(full.rate()).isBetween(1 * MB, 10 * MB);
        assertThat(full.phases().get(0).rate()).isCloseTo(10 * MB, within(1e-3));
        assertThat(full.phases()).allSatisfy(p -> assertThat(p.rate()).isBetween(1 * MB * (1 - 1e-9), 10 * MB * (1 + 1e-9)));
        double delivered = full.phases().stream()
                .mapToDouble(p -> p.rate() * (p.endNanos() - p.startNanos()) / 1e9).sum();
        assertThat(delivered).isCloseTo(600 * MB, within(10 * MB * 1e-9 + 10.0));
        assertThat(small.rate()).isCloseTo(full.rate(), within(full.rate() * 1e-6));
    }

    @Test
    void givesUpAtTheHorizonWithAClearMessage() {
        assertThatThrownBy(() -> ScheduleBound.of(network("tc1-mayhem"), 10 * SECOND))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("tc1-mayhem").hasMessageContaining("within 10.0 s");
        assertThatThrownBy(() -> ScheduleBound.of(network("tc1-fast"), 59 * SECOND))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("bytes left");
    }

    @Test
    void anUnlimitedNetworkIsDoneAtOnce() throws IOException {
        String json = "{\"name\": \"free\", \"clusters\": [{\"name\": \"A\", \"nodes\": 1}, {\"name\": \"B\", \"nodes\": 2}]}";
        Network free = NetworkModel.parse(json).resolve();
        ScheduleBound.Result r = ScheduleBound.of(free);
        assertThat(r.seconds()).isZero();
        assertThat(r.rate()).isInfinite();
    }

    private static Network network(String name) {
        return Scenarios.load(name).resolve();
    }
}

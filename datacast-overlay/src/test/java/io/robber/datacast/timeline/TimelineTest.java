package io.robber.datacast.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.robber.datacast.timeline.Timeline.Kind;
import io.robber.datacast.timeline.Timeline.Series;
import org.junit.jupiter.api.Test;

class TimelineTest {
    private static final long MS = 1_000_000L;

    @Test
    void ratesArePerBinAndAReceiversAreSplitByTheWayTheDataCame() {
        Timeline timeline = new Timeline(MS);
        timeline.sent(0, 7, 1250);
        timeline.sent(MS - 1, 7, 1250);
        timeline.received(MS, 3, Kind.TREE, 1000);
        timeline.received(40 * MS + 5, 3, Kind.OVERLAY, 250);
        assertThat(timeline.bins()).isEqualTo(41);
        assertThat(timeline.mbps(new Series(7, Kind.SENT), 0)).as("2,500 bytes in 1 ms").isEqualTo(20.0);
        assertThat(timeline.mbps(new Series(7, Kind.SENT), 1)).isZero();
        assertThat(timeline.receivedMbps(3, 1)).isEqualTo(8.0);
        assertThat(timeline.receivedMbps(3, 40)).isEqualTo(2.0);
        assertThat(timeline.series()).containsExactly(new Series(7, Kind.SENT), new Series(3, Kind.TREE),
                new Series(3, Kind.OVERLAY));
    }

    @Test
    void theCsvHasABinPerRowAndASeriesPerColumn() {
        Timeline timeline = new Timeline(MS);
        timeline.sent(0, 0, 125);
        timeline.received(MS, 1, Kind.TREE, 125);
        assertThat(timeline.csv(node -> node == 0 ? "v0" : "v,1").lines()).containsExactly(
                "seconds,v0 sent Mbit/s,v 1 tree Mbit/s", "0.000000,1.000,0.000", "0.001000,0.000,1.000");
    }

    @Test
    void aCoarsenedTimelineMergesWholeBinsAndAveragesTheirRates() {
        Timeline timeline = new Timeline(MS);
        for (int bin = 0; bin < 10; bin++) {
            timeline.sent(bin * MS, 0, 125 * bin);
        }
        timeline.received(9 * MS, 1, Kind.OVERLAY, 500);
        assertThat(timeline.coarsened(10)).isSameAs(timeline);
        Timeline coarse = timeline.coarsened(4);
        assertThat(coarse.binNanos()).as("10 bins into 4 at most: 3 per bin").isEqualTo(3 * MS);
        assertThat(coarse.bins()).isEqualTo(4);
        assertThat(coarse.mbps(new Series(0, Kind.SENT), 1)).as("bins 3-5: (3 + 4 + 5) kbit over 3 ms").isEqualTo(4.0);
        assertThat(coarse.mbps(new Series(0, Kind.SENT), 3)).as("bin 9 alone, over 3 ms").isEqualTo(3.0);
        assertThat(coarse.mbps(new Series(1, Kind.OVERLAY), 3)).isEqualTo(4.0 / 3);
        assertThatThrownBy(() -> timeline.coarsened(0)).hasMessageContaining("at least one bin");
    }

    @Test
    void badInputIsRefused() {
        assertThatThrownBy(() -> new Timeline(0)).hasMessageContaining("at least 1 ns");
        assertThatThrownBy(() -> new Timeline(MS).received(0, 1, Kind.SENT, 1)).hasMessageContaining("tree or over");
    }
}

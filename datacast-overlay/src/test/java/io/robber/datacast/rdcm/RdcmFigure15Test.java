package io.robber.datacast.rdcm;

import static org.assertj.core.api.Assertions.assertThat;

import io.robber.datacast.fabric.Fabric;
import io.robber.datacast.multicast.PaperExample;
import io.robber.datacast.timeline.Timeline;
import io.robber.datacast.timeline.Timeline.Kind;
import io.robber.datacast.timeline.Timeline.Series;
import io.robber.datacast.topology.Network;
import io.robber.sim.VirtualClock;
import org.junit.jupiter.api.Test;

/**
 * RDCM's Fig. 15 in virtual time, its 60 s scaled down 100 times: Fig. 7's group on BCube(4,1), the
 * sender at 500 Mbit/s without congestion control; tree link w5→v5 fails at 260 ms (the paper's
 * 26 s), receiver v14 at 400 ms (40 s). Every other receiver keeps up with the sender throughout.
 */
class RdcmFigure15Test {
    private static final long MS = 1_000_000L;
    /** 600 ms at 500 Mbit/s in 1500-byte packets. */
    private static final int PACKETS = 25_000;
    private static final long BIN = 2 * MS;
    private final PaperExample example = new PaperExample();

    @Test
    void theLiveReceiversKeepTheSendersRateThroughALinkFailureAndAReceiverCrash() {
        Network network = example.network;
        Fabric fabric = new Fabric(network, new VirtualClock(), 15);
        FailedLinkSet failedLinks = new FailedLinkSet();
        Timeline timeline = new Timeline(BIN);
        RdcmSession session = RdcmSessionTest.figure7Session(example, fabric, failedLinks).recordInto(timeline);
        int link = network.linkBetween(example.w(5), example.v(5));
        fabric.clock().schedule(260 * MS, () -> fabric.setLinkUp(link, false));
        fabric.clock().schedule(400 * MS, () -> session.crash(example.v(14)));

        RdcmReport report = session.run(PACKETS);

        assertThat(report.complete()).isTrue();
        assertThat(failedLinks.contains(link)).isTrue();
        assertThat(report.linkFailures()).singleElement().satisfies(failure -> assertThat(failure.reporter()).isEqualTo(example.v(1)));
        assertThat(report.receiverFailures()).singleElement().satisfies(failure -> {
            assertThat(failure.failed()).isEqualTo(example.v(14));
            assertThat(failure.atNanos()).isBetween(400 * MS, 440 * MS);
        });
        assertThat(session.overlay().receivers()).doesNotContain(example.v(14));
        assertThat(report.treeVersion()).isEqualTo(3);

        Series sent = new Series(example.v(0), Kind.SENT);
        int sending = (int) (PACKETS * RdcmSettings.DEFAULT.intervalNanos() / BIN);
        for (int r : example.receivers()) {
            if (r == example.v(14)) {
                continue;
            }
            int slow = 0;
            for (int bin = 0; bin < sending; bin++) {
                slow = timeline.receivedMbps(r, bin) < 0.9 * timeline.mbps(sent, bin) ? slow + 1 : 0;
                assertThat(slow).as("2 ms bins in a row in which receiver %s got under 90%% of the sender's rate, "
                        + "the last from %d ms", network.node(r), bin * 2).isLessThanOrEqualTo(5);
            }
        }
        // Fig. 15(b): v5 gets everything over the overlay from the failure until the new tree reaches it, then
        // from the tree again; its overlay rate spikes as the repairs of what it missed meet the new tree's data.
        Series v5FromOverlay = new Series(example.v(5), Kind.OVERLAY);
        Series v5FromTree = new Series(example.v(5), Kind.TREE);
        int failure = (int) (260 * MS / BIN);
        assertThat(timeline.mbps(v5FromOverlay, failure)).isGreaterThan(0.3 * timeline.mbps(sent, failure));
        assertThat(timeline.mbps(v5FromTree, failure)).isLessThan(0.1 * timeline.mbps(sent, failure));
        for (int bin = failure + 5; bin < sending; bin++) {
            assertThat(timeline.mbps(v5FromTree, bin)).isGreaterThan(0.9 * timeline.mbps(sent, bin));
        }
        for (int bin = 0; bin < sending; bin++) {
            if (bin < failure || bin >= failure + 5) {
                assertThat(timeline.mbps(v5FromOverlay, bin)).as("v5 over the overlay from %d ms", bin * 2).isZero();
            }
        }
    }
}

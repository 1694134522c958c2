package io.robber.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestWindowTest {
    private static final int PIECE = 64 * 1024;
    private static final long MS = 1_000_000L;

    @Test
    void unmeasuredPeersGetTheFullWindow() {
        assertThat(new RequestWindow(ExchangeTuning.of(5)).size(5, 64, PIECE)).isEqualTo(5);
    }

    @Test
    void unmeasuredPeersGetNoMoreBytesOfLargePiecesThanROf64KiB() {
        RequestWindow window = new RequestWindow(ExchangeTuning.of(5));

        assertThat(window.size(5, 64, 16 << 10)).isEqualTo(5);
        assertThat(window.size(5, 64, 64 << 10)).isEqualTo(5);
        assertThat(window.size(5, 64, 128 << 10)).isEqualTo(2);
        assertThat(window.size(5, 64, 1 << 20)).as("at least one piece").isEqualTo(1);
    }

    @Test
    void aSlowPeerKeepsOnePieceQueuedAFastOneKeepsR() {
        RequestWindow slow = deliveringEvery(1311 * MS);
        RequestWindow medium = deliveringEvery(120 * MS);
        RequestWindow fast = deliveringEvery(10 * MS);

        assertThat(slow.size(5, 64, PIECE)).as("50 KB/s: 1.3 s per piece").isEqualTo(1);
        assertThat(medium.size(5, 64, PIECE)).as("~550 KB/s: 4 pieces in the 500 ms target").isEqualTo(4);
        assertThat(fast.size(5, 64, PIECE)).as("6.5 MB/s").isEqualTo(5);
    }

    @Test
    void idleTimeBetweenBusyPeriodsIsNotCountedAsSlowness() {
        RequestWindow window = new RequestWindow(ExchangeTuning.of(5));
        long t = 0;
        for (int round = 0; round < 5; round++) {
            window.requested(t, true);
            t += 20 * MS;
            window.delivered(t, PIECE, true);
            t += 10_000 * MS;
        }
        assertThat(window.size(5, 64, PIECE)).isEqualTo(5);
    }

    @Test
    void aFastLongLinkGrowsTheWindowPastRToItsBandwidthDelayProduct() {
        RequestWindow window = new RequestWindow(ExchangeTuning.of(5));
        long t = 0;
        window.requested(t, true);
        for (int i = 1; i < 5; i++) {
            window.requested(t, false);
        }
        t = 20 * MS;
        for (int i = 0; i < 40; i++) {
            window.delivered(t, PIECE, false);
            window.requested(t, false);
            t += 5 * MS;
        }
        assertThat(window.size(5, 64, PIECE)).as("13 MB/s over a 20 ms round trip: 4 pieces + 1").isEqualTo(5);
        assertThat(window.size(2, 64, PIECE)).as("past R = 2").isEqualTo(5);
        assertThat(window.size(2, 3, PIECE)).as("never past the cap").isEqualTo(3);
    }

    /**
     * Below R the window still keeps the link 90 % busy over its round trip: at 200 ms propagation and
     * 260 ms per piece the 500 ms target alone would allow 1 piece and leave the link idle 43 % of the
     * time.
     */
    @Test
    void aLongRoundTripKeepsItsPipeFullBelowR() {
        RequestWindow window = new RequestWindow(ExchangeTuning.of(5));
        window.requested(0, true);
        window.requested(0, false);
        long t = 460 * MS;
        for (int i = 0; i < 20; i++) {
            window.delivered(t, PIECE, false);
            window.requested(t, false);
            t += 260 * MS;
        }
        assertThat(window.size(5, 64, PIECE)).as("460 ms round trip at 260 ms per piece: 2 keep it 90 % busy").isEqualTo(2);
    }

    /** A peer kept busy that delivers one piece every {@code interval}. */
    private static RequestWindow deliveringEvery(long interval) {
        RequestWindow window = new RequestWindow(ExchangeTuning.of(5));
        window.requested(0, true);
        for (int i = 1; i <= 20; i++) {
            window.delivered(i * interval, PIECE, false);
        }
        return window;
    }
}

package io.robber.datacast.rdcm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** BIC's window as Linux's tcp_bic computes it: slow start, the cut, the binary search and the probe. */
class BicWindowTest {
    @Test
    void slowStartGrowsAPacketPerPacketUntilTheFirstLoss() {
        BicWindow window = new BicWindow();
        assertThat(window.size()).isEqualTo(BicWindow.INITIAL);
        for (int i = 0; i < 90; i++) {
            window.onPacket();
        }
        assertThat(window.size()).isEqualTo(100);
    }

    @Test
    void aLossKeepsBetaOfTheWindowAndTheSearchClimbsBackFastFarFromTheLastMaximumAndSlowlyNearIt() {
        BicWindow window = grownTo(200);
        window.onLoss();
        assertThat(window.size()).as("819/1024 of 200").isEqualTo(159);
        // 41 below the maximum: a quarter of the distance, 10 packets, per round of 159 packets.
        assertThat(window.packetsPerIncrement()).isEqualTo(159 / 10);
        int packets = 0;
        while (window.size() < 200 - 2 * BicWindow.B) {
            window.onPacket();
            packets++;
        }
        assertThat(packets).as("the binary search takes a few rounds, not 37").isBetween(2 * 159, 8 * 200);
        while (window.size() < 200 - BicWindow.B + 1) {
            window.onPacket();
        }
        assertThat(window.packetsPerIncrement()).as("close to the maximum it creeps")
                .isEqualTo(window.size() * BicWindow.SMOOTH_PART / BicWindow.B);
    }

    @Test
    void pastTheLastMaximumTheProbeSpeedsUpToSixteenPacketsARound() {
        BicWindow window = grownTo(200);
        window.onLoss();
        for (int i = 0; i < 200_000 && window.size() < 300; i++) {
            window.onPacket();
        }
        assertThat(window.size()).isEqualTo(300);
        assertThat(window.packetsPerIncrement()).isEqualTo(300 / BicWindow.MAX_INCREMENT);
    }

    @Test
    void aSmallWindowIsHalvedAndALossBelowTheLastMaximumRemembersLess() {
        BicWindow window = new BicWindow();
        window.onLoss();
        assertThat(window.size()).as("Reno below the low window").isEqualTo(5);
        BicWindow big = grownTo(200);
        big.onLoss();
        big.onLoss();
        assertThat(big.size()).isEqualTo((int) (159 * BicWindow.BETA));
        assertThat(big.packetsPerIncrement()).as("fast convergence: the maximum is (1 + beta) / 2 of 159, 143")
                .isEqualTo(big.size() / ((143 - big.size()) / BicWindow.B));
    }

    private static BicWindow grownTo(int size) {
        BicWindow window = new BicWindow();
        while (window.size() < size) {
            window.onPacket();
        }
        return window;
    }
}

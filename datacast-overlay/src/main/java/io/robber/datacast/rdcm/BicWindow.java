package io.robber.datacast.rdcm;

/**
 * A BIC congestion window (Xu, Harfoush and Rhee, INFOCOM 2004), in packets, with the constants of
 * Linux's {@code tcp_bic}: slow start to the first loss, then a binary search towards the window of
 * the last loss ({@code lastMax}), capped at {@link #MAX_INCREMENT} packets a round, and a probe past
 * it that speeds up again; a loss cuts the window to {@link #BETA} of itself (half of it below
 * {@link #LOW_WINDOW}, where BIC is Reno), with fast convergence. Sans-IO: told of each packet that
 * counts as acknowledged and of each loss.
 */
final class BicWindow {
    /** Below this window BIC behaves as Reno. */
    static final int LOW_WINDOW = 14;
    /** The most packets the window grows by in a round (S_max). */
    static final int MAX_INCREMENT = 16;
    /** The binary search's divisor. */
    static final int B = 4;
    /** Rounds spent close to {@code lastMax}. */
    static final int SMOOTH_PART = 20;
    /** The share of the window kept after a loss. */
    static final double BETA = 819 / 1024.0;
    /** Like TCP's IW10. */
    static final int INITIAL = 10;

    private int window = INITIAL;
    private int slowStartThreshold = Integer.MAX_VALUE;
    private int lastMax;
    private int counted;

    /** The window, in packets. */
    int size() {
        return window;
    }

    /** A packet arrived: the window grows by one every {@link #packetsPerIncrement()} of them. */
    void onPacket() {
        if (window < slowStartThreshold) {
            window++;
            return;
        }
        if (++counted >= packetsPerIncrement()) {
            window++;
            counted = 0;
        }
    }

    /** Packets per one-packet increase: about {@code window / increment}, the increment BIC's search gives. */
    int packetsPerIncrement() {
        int count;
        if (window <= LOW_WINDOW) {
            count = window;
        } else if (window < lastMax) {
            int distance = (lastMax - window) / B;
            if (distance > MAX_INCREMENT) {
                count = window / MAX_INCREMENT;
            } else if (distance <= 1) {
                count = window * SMOOTH_PART / B;
            } else {
                count = window / distance;
            }
        } else if (window < lastMax + B) {
            count = window * SMOOTH_PART / B;
        } else if (window < lastMax + MAX_INCREMENT * (B - 1)) {
            count = window * (B - 1) / (window - lastMax);
        } else {
            count = window / MAX_INCREMENT;
        }
        return Math.max(1, count);
    }

    /** A packet was lost: the window shrinks, and remembers where (a smaller one than last time remembers less). */
    void onLoss() {
        lastMax = window < lastMax ? (int) (window * (1 + BETA) / 2) : window;
        slowStartThreshold = window <= LOW_WINDOW ? Math.max(window / 2, 2) : Math.max((int) (window * BETA), 2);
        window = slowStartThreshold;
        counted = 0;
    }
}

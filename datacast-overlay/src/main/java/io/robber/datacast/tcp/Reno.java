package io.robber.datacast.tcp;

/**
 * TCP Reno's congestion window (RFC 5681) in segments: slow start below the threshold, one segment
 * per window above it, halved on a loss detected by duplicate ACKs, back to one segment on a
 * timeout. The congestion control of MCTCP's sender (the paper runs "reno") and of the background
 * flows.
 */
public final class Reno {
    private double window;
    private double threshold = Double.POSITIVE_INFINITY;

    public Reno(int initialWindow) {
        this.window = initialWindow;
    }

    /** {@code segments} newly acknowledged. */
    public void acked(int segments) {
        for (int i = 0; i < segments; i++) {
            window += window < threshold ? 1 : 1 / window;
        }
    }

    /** A loss seen by duplicate ACKs (fast retransmit): the window halves. */
    public void lost() {
        threshold = Math.max(window / 2, 2);
        window = threshold;
    }

    /** The retransmission timer expired: one segment, the threshold at half the window. */
    public void timedOut() {
        threshold = Math.max(window / 2, 2);
        window = 1;
    }

    /** Segments that may be in flight. */
    public int window() {
        return (int) window;
    }
}

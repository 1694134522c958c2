package io.robber.datacast.rdcm;

/**
 * §3.5 at one receiver, sans-IO: a BIC window grown by each new packet down the tree and cut by a
 * loss on it (a gap in the tree's sequence, at most once a window), and the highest sequence the
 * receiver expects within the next round, h = m + w (m the highest sequence it got from the tree).
 * Repairs arrive over other links, so they neither grow the window nor count as loss. The receiver
 * reports h to the sender when it moved by a quarter of the window, or fell, or when a packet at or
 * past the last h it reported arrives: the sender probes when it waited a timeout for a report (one
 * may have been lost).
 */
public final class ExpectedSequence {
    private final BicWindow window = new BicWindow();
    private int highest = -1;
    private int recoverUntil;
    private int reported = BicWindow.INITIAL;

    /** The sender's assumption before any report: the initial window. */
    public static int initial() {
        return BicWindow.INITIAL;
    }

    /** Packet {@code sequence} came down the tree; whether h should be reported now. */
    public boolean onTreeData(int sequence) {
        if (sequence <= highest) {
            return false;
        }
        if (sequence > highest + 1 && highest + 1 >= recoverUntil) {
            window.onLoss();
            recoverUntil = sequence + window.size();
        }
        highest = sequence;
        window.onPacket();
        int expected = expected();
        if (sequence >= reported || expected < reported || expected - reported >= Math.max(1, window.size() / 4)) {
            reported = expected;
            return true;
        }
        return false;
    }

    /** h = m + w: the highest sequence expected within the next round. */
    public int expected() {
        return highest + 1 + window.size();
    }

    /** The congestion window, in packets. */
    public int window() {
        return window.size();
    }
}

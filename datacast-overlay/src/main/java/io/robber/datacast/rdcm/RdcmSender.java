package io.robber.datacast.rdcm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * RDCM's sender (§3.3), sans-IO: the overlay parent of the highest ring. Its repair window moves up
 * past a packet on the first ACK from an overlay child; a packet no overlay child ACKed within the
 * timeout was lost by every receiver, and only then is it multicast again on the tree. When
 * {@code reportAfter} packets in a row go unACKed by every overlay child, the tree is broken next to
 * the sender, where no receiver can tell (they get nothing to repair): it reports a silent tree.
 */
public final class RdcmSender {
    private Set<Integer> childRings;
    private final long timeoutNanos;
    private final int reportAfter;
    private final RdcmOutput output;
    private final Acked childAcked = new Acked();
    private final Deadlines deadlines = new Deadlines();
    private int sent;
    private int windowLow;
    private long multicastRepairs;
    private int unanswered;
    private boolean reported;
    private boolean held;

    /** A sender that never reports a silent tree (for members whose failure detector watches the tree's links). */
    public RdcmSender(BackupOverlay overlay, long timeoutNanos, RdcmOutput output) {
        this(overlay, timeoutNanos, Integer.MAX_VALUE, output);
    }

    public RdcmSender(BackupOverlay overlay, long timeoutNanos, int reportAfter, RdcmOutput output) {
        this.childRings = childRings(overlay);
        this.timeoutNanos = timeoutNanos;
        this.reportAfter = reportAfter;
        this.output = output;
    }

    /** The overlay was rebuilt (§3.4): ACKs now come from the overlay children on its rings. */
    public void overlayRebuilt(BackupOverlay overlay) {
        childRings = childRings(overlay);
        unanswered = 0;
        reported = false;
    }

    private static Set<Integer> childRings(BackupOverlay overlay) {
        Set<Integer> rings = overlay.rings().stream().filter(ring -> ring.overlayParent() == overlay.sender())
                .map(OverlayRing::treeParent).collect(Collectors.toCollection(HashSet::new));
        rings.add(RdcmAck.NO_RING);
        return rings;
    }

    /** The next packet's sequence number, now multicast on the tree. */
    public int onSend(long now) {
        int sequence = sent++;
        deadlines.add(sequence, now + timeoutNanos, 0);
        return sequence;
    }

    public void onAck(RdcmAck ack) {
        if (childRings.contains(ack.ring())) {
            childAcked.cover(ack.sequence(), ack.recent(), ack.below());
            windowLow = Math.min(sent, childAcked.prefix());
            unanswered = 0;
            reported = false;
        }
    }

    /**
     * The manager inferred every link of the sender failed: nothing it multicasts can reach a
     * receiver. It holds its packets (numbered by {@link #onSend}, not repeated) until {@link #resume}.
     */
    public void hold() {
        held = true;
    }

    /** Whether the sender {@linkplain #hold holds} its packets. */
    public boolean held() {
        return held;
    }

    /**
     * The manager re-activated a link of the sender: it multicasts at once every packet no overlay
     * child ACKed, each as if sent now (a silent tree is reported again if none is ACKed).
     */
    public void resume(long now) {
        held = false;
        unanswered = 0;
        reported = false;
        List<Integer> pending = new ArrayList<>();
        for (; !deadlines.isEmpty(); deadlines.poll()) {
            if (!childAcked.get(deadlines.headSequence())) {
                pending.add(deadlines.headSequence());
            }
        }
        for (int sequence : pending) {
            multicastRepairs++;
            output.multicast(sequence);
            deadlines.add(sequence, now + timeoutNanos, 0);
        }
    }

    /** Multicasts again each packet no overlay child ACKed in time. */
    public void onTimer(long now) {
        while (!held && deadlines.headDeadline() <= now) {
            int sequence = deadlines.headSequence();
            int attempt = deadlines.headAttempt();
            deadlines.poll();
            if (!childAcked.get(sequence)) {
                if (attempt == 0 && ++unanswered >= reportAfter && !reported) {
                    reported = true;
                    output.silentTree();
                }
                multicastRepairs++;
                output.multicast(sequence);
                deadlines.add(sequence, now + timeoutNanos, attempt + 1);
            }
        }
    }

    public long nextDeadline() {
        return held ? Long.MAX_VALUE : deadlines.headDeadline();
    }

    /** Every packet below this one was ACKed by an overlay child. */
    public int windowLow() {
        return windowLow;
    }

    public long multicastRepairs() {
        return multicastRepairs;
    }
}

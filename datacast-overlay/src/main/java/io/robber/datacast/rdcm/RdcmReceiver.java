package io.robber.datacast.rdcm;

import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One receiver of RDCM's packet repair (§3.3), sans-IO: it ACKs each packet it holds on its leaf
 * overlay ring (to the ring's overlay predecessor and overlay parent) and, on the first ACK from an
 * overlay child, on its proxy overlay ring; it repairs its overlay successor on each ring it joined
 * when the successor's ACK does not come within the timeout, and at once when a repair reaches it
 * that the successor has not ACKed (repairs travel down the overlay in parallel). Its repair window
 * moves up past a packet once it holds it, every successor ACKed it and, with a proxy ring, an
 * overlay child ACKed it. When a successor has needed a repair for {@code reportAfter} packets in a
 * row that this receiver got from the tree, it sends §3.4's link failure report about it, once per
 * such run: for a failed tree link exactly one receiver does (see {@link FailedLinkInference}).
 */
public final class RdcmReceiver {
    private final int self;
    private final int sender;
    private final OverlayRing leaf;
    private final OverlayRing proxy;
    private final Successor[] successors;
    private final Set<Integer> parentOf;
    private final long timeoutNanos;
    private final int maxAttempts;
    private final int reportAfter;
    private final RdcmOutput output;
    private final Acked received = new Acked();
    private final Acked childAcked = new Acked();
    private final Set<Integer> repaired = new HashSet<>();
    private int windowLow;
    private int highest = -1;
    private int maxBuffered;
    private long fromOverlay;
    private long duplicates;
    private long repairsSent;
    private long givenUp;

    public RdcmReceiver(int self, BackupOverlay overlay, long timeoutNanos, int maxAttempts, int reportAfter,
            RdcmOutput output) {
        this.self = self;
        this.sender = overlay.sender();
        this.leaf = overlay.leafRing(self).orElse(null);
        this.proxy = overlay.proxyRing(self).orElse(null);
        this.successors = overlay.ringsOf(self).stream().map(ring -> new Successor(ring, ring.successor(self)))
                .toArray(Successor[]::new);
        this.parentOf = overlay.rings().stream().filter(ring -> ring.overlayParent() == self)
                .map(OverlayRing::treeParent).collect(Collectors.toSet());
        this.timeoutNanos = timeoutNanos;
        this.maxAttempts = maxAttempts;
        this.reportAfter = reportAfter;
        this.output = output;
    }

    /** Packet {@code sequence} reached this receiver, on the tree or as a repair over the overlay. */
    public void onData(int sequence, boolean repair, long now) {
        boolean fresh = !received.get(sequence);
        if (!fresh) {
            duplicates++;
            acknowledge(leaf, sequence, received);
            if (proxy != null) {
                acknowledge(proxy, sequence, childAcked);
            }
            return;
        }
        received.cover(sequence, 0L, 0);
        highest = Math.max(highest, sequence);
        if (repair) {
            fromOverlay++;
        }
        for (Successor successor : successors) {
            if (!successor.acked.get(sequence)) {
                if (repair) {
                    repair(successor, sequence);
                }
                successor.deadlines.add(sequence, now + timeoutNanos, repair ? 1 : 0);
            }
        }
        acknowledge(leaf, sequence, received);
        advanceWindow();
    }

    /**
     * This receiver joins a rebuilt overlay (§3.4) already holding {@code held}: it ACKs them on its
     * leaf ring at once (one cumulative ACK) and waits for its new successors' ACKs for each, repairing
     * those that do not come.
     */
    public void holding(BitSet held, long now) {
        for (int sequence = held.nextSetBit(0); sequence >= 0; sequence = held.nextSetBit(sequence + 1)) {
            received.cover(sequence, 0L, 0);
            highest = Math.max(highest, sequence);
            for (Successor successor : successors) {
                successor.deadlines.add(sequence, now + timeoutNanos, 0);
            }
        }
        if (highest >= 0) {
            acknowledge(leaf, highest, received);
        }
        advanceWindow();
    }

    /** An ACK from {@code ack.from()} on the ring of tree node {@code ack.ring()}. */
    public void onAck(RdcmAck ack) {
        for (Successor successor : successors) {
            if (successor.ring.treeParent() == ack.ring() && successor.node == ack.from()) {
                successor.acked.cover(ack.sequence(), ack.recent(), ack.below());
            }
        }
        if (parentOf.contains(ack.ring())) {
            childAck(ack.sequence(), ack.recent(), ack.below());
        }
        advanceWindow();
    }

    private void childAck(int sequence, long recent, int below) {
        if (childAcked.cover(sequence, recent, below) && proxy != null) {
            acknowledge(proxy, sequence, childAcked);
        }
    }

    /** Repairs every successor whose ACK is overdue. */
    public void onTimer(long now) {
        for (Successor successor : successors) {
            Deadlines deadlines = successor.deadlines;
            while (deadlines.headDeadline() <= now) {
                int sequence = deadlines.headSequence();
                int attempt = deadlines.headAttempt();
                deadlines.poll();
                if (successor.acked.get(sequence)) {
                    if (attempt == 0) {
                        successor.cutOff = 0;
                    }
                    continue;
                }
                if (attempt == 0 && ++successor.cutOff == reportAfter) {
                    output.linkFailure(successor.node);
                }
                if (attempt >= maxAttempts) {
                    givenUp++;
                    continue;
                }
                repair(successor, sequence);
                deadlines.add(sequence, now + timeoutNanos, attempt + 1);
            }
        }
        advanceWindow();
    }

    /** When {@link #onTimer} should run next, or {@link Long#MAX_VALUE}. */
    public long nextDeadline() {
        long next = Long.MAX_VALUE;
        for (Successor successor : successors) {
            next = Math.min(next, successor.deadlines.headDeadline());
        }
        return next;
    }

    private void repair(Successor successor, int sequence) {
        repairsSent++;
        repaired.add(successor.node);
        output.repair(successor.node, sequence);
    }

    /** ACKs {@code sequence} on {@code ring}, with what {@code covered} holds before it. */
    private void acknowledge(OverlayRing ring, int sequence, Acked covered) {
        long recent = covered.recent(sequence);
        int below = covered.prefix();
        if (ring == null) {
            output.ack(sender, new RdcmAck(self, RdcmAck.NO_RING, sequence, recent, below));
            return;
        }
        RdcmAck ack = new RdcmAck(self, ring.treeParent(), sequence, recent, below);
        int predecessor = ring.predecessor(self);
        int parent = ring.overlayParent();
        send(predecessor, ack);
        if (parent != predecessor) {
            send(parent, ack);
        }
    }

    private void send(int to, RdcmAck ack) {
        if (to == self) {
            onAck(ack);
        } else {
            output.ack(to, ack);
        }
    }

    private void advanceWindow() {
        while (windowLow <= highest && releasable(windowLow)) {
            windowLow++;
        }
        maxBuffered = Math.max(maxBuffered, highest + 1 - windowLow);
    }

    private boolean releasable(int sequence) {
        if (!received.get(sequence) || proxy != null && !parentOf.isEmpty() && !childAcked.get(sequence)) {
            return false;
        }
        for (Successor successor : successors) {
            if (!successor.acked.get(sequence)) {
                return false;
            }
        }
        return true;
    }

    public int self() {
        return self;
    }

    /** Whether this receiver holds packets 0 … {@code count} − 1. */
    public boolean holdsAll(int count) {
        return received.prefix() >= count;
    }

    /** The receivers this one sent repairs to (Theorem 1: at most two). */
    public Set<Integer> repaired() {
        return Set.copyOf(repaired);
    }

    public long repairsSent() {
        return repairsSent;
    }

    /** Packets first received as repairs over the overlay. */
    public long fromOverlay() {
        return fromOverlay;
    }

    public long duplicates() {
        return duplicates;
    }

    /** Repairs abandoned after the last attempt (where §3.4's receiver-failure report would start). */
    public long givenUp() {
        return givenUp;
    }

    /** The lower bound of the repair window: every packet below it is released. */
    public int windowLow() {
        return windowLow;
    }

    /** The most packets the repair window ever held. */
    public int maxBuffered() {
        return maxBuffered;
    }

    /** The overlay successor on one ring joined, its ACKs and the timeouts waiting for them. */
    private static final class Successor {
        final OverlayRing ring;
        final int node;
        final Acked acked = new Acked();
        final Deadlines deadlines = new Deadlines();
        /** Packets in a row this receiver got from the tree and the successor only through a repair. */
        int cutOff;

        Successor(OverlayRing ring, int node) {
            this.ring = ring;
            this.node = node;
        }
    }
}

package io.robber.datacast.rdcm;

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One receiver of RDCM's packet repair (§3.3), sans-IO: it ACKs each packet it holds on its leaf
 * overlay ring (to the ring's overlay predecessor and overlay parent) and, on the first ACK from an
 * overlay child, on its proxy overlay ring; it repairs its overlay successor on each ring it joined
 * when the successor's ACK does not come within the timeout, and at once when a repair reaches it
 * that the successor has not ACKed (repairs travel down the overlay in parallel). Its repair window
 * moves up past a packet once it holds it, every successor ACKed it and, with a proxy ring, an
 * overlay child ACKed it.
 *
 * <p>§3.4's two reports about a successor: when it has needed a repair for {@code reportAfter}
 * packets in a row that this receiver got from the tree and still ACKs (so it is alive), a link
 * failure report, once per such run: for a failed tree link exactly one receiver sends it (see
 * {@link FailedLinkInference}); when a repair to it fails {@code maxAttempts} times, a receiver
 * failure report, once. After the manager rebuilds the overlay the receiver {@link #rejoin}s it,
 * keeping what it holds.
 */
public final class RdcmReceiver {
    /**
     * The most repairs sent to one successor at one time. A burst larger than a port's queue (as when
     * a rebuilt overlay's new predecessor repairs all its successor's cumulative ACK leaves open)
     * would lose the same packets at every attempt; 64 leaves room in the paper's 100-packet queues.
     */
    static final int REPAIR_BURST = 64;
    private final int self;
    private final int sender;
    private OverlayRing leaf;
    private OverlayRing proxy;
    private Successor[] successors;
    private Map<Integer, List<Integer>> overlayChildren = Map.of();
    private final long timeoutNanos;
    private final int maxAttempts;
    private final int reportAfter;
    private final RdcmOutput output;
    private final Acked received = new Acked();
    private Acked childAcked = new Acked();
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
        join(overlay, new Successor[0]);
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
        }
        for (Successor successor : successors) {
            awaitAcksOfHeld(successor, now);
        }
        acknowledgeHeld();
    }

    /**
     * This receiver moves to a rebuilt overlay (§3.4): it takes its new rings, keeps a successor it
     * had on the same ring with what that successor ACKed, waits for each new successor's ACK of every
     * packet it holds (repairing those that do not come, which does not count towards a link failure
     * report), and ACKs what it holds on its new leaf ring. If its overlay children changed, it forgets
     * what the old ones ACKed: they stood for another branch, and a proxy-ring ACK on their word would
     * tell its predecessor that the new branch has packets it lacks, which nobody would then repair.
     */
    public void rejoin(BackupOverlay overlay, long now) {
        Successor[] before = successors;
        join(overlay, before);
        for (Successor successor : successors) {
            if (Arrays.asList(before).contains(successor)) {
                continue;
            }
            successor.countFrom = highest + 1;
            awaitAcksOfHeld(successor, now);
        }
        acknowledgeHeld();
    }

    /** Waits for {@code successor}'s ACK of every packet this receiver holds, repairing those that do not come. */
    private void awaitAcksOfHeld(Successor successor, long now) {
        for (int sequence = received.nextSet(0); sequence >= 0; sequence = received.nextSet(sequence + 1)) {
            successor.deadlines.add(sequence, now + timeoutNanos, 0);
        }
    }

    /** ACKs what this receiver holds on its leaf ring in one cumulative ACK. */
    private void acknowledgeHeld() {
        if (highest >= 0) {
            acknowledge(leaf, highest, received);
        }
        advanceWindow();
    }

    /** Takes this receiver's rings in {@code overlay}, reusing the successors of {@code kept} on the same ring. */
    private void join(BackupOverlay overlay, Successor[] kept) {
        leaf = overlay.leafRing(self).orElse(null);
        proxy = overlay.proxyRing(self).orElse(null);
        successors = overlay.ringsOf(self).stream().map(ring -> {
            int node = ring.successor(self);
            return Arrays.stream(kept).filter(s -> s.ring.treeParent() == ring.treeParent() && s.node == node)
                    .findFirst().orElseGet(() -> new Successor(ring, node));
        }).toArray(Successor[]::new);
        Map<Integer, List<Integer>> children = overlay.rings().stream().filter(ring -> ring.overlayParent() == self)
                .collect(Collectors.toMap(OverlayRing::treeParent, ring -> IntStream.of(ring.members()).boxed()
                        .toList()));
        if (!children.equals(overlayChildren)) {
            childAcked = new Acked();
        }
        overlayChildren = children;
    }

    /** An ACK from {@code ack.from()} on the ring of tree node {@code ack.ring()}. */
    public void onAck(RdcmAck ack) {
        for (Successor successor : successors) {
            if (successor.ring.treeParent() == ack.ring() && successor.node == ack.from()) {
                successor.acked.cover(ack.sequence(), ack.recent(), ack.below());
                successor.acks++;
            }
        }
        if (overlayChildren.containsKey(ack.ring())) {
            childAck(ack.sequence(), ack.recent(), ack.below());
        }
        advanceWindow();
    }

    private void childAck(int sequence, long recent, int below) {
        if (childAcked.cover(sequence, recent, below) && proxy != null) {
            acknowledge(proxy, sequence, childAcked);
        }
    }

    /**
     * Repairs every successor whose ACK is overdue, at most {@link #REPAIR_BURST} packets to one
     * successor at a time; the rest wait a timeout without losing an attempt.
     */
    public void onTimer(long now) {
        for (Successor successor : successors) {
            Deadlines deadlines = successor.deadlines;
            int burst = 0;
            while (deadlines.headDeadline() <= now) {
                int sequence = deadlines.headSequence();
                int attempt = deadlines.headAttempt();
                deadlines.poll();
                if (burst == REPAIR_BURST && !successor.acked.get(sequence)) {
                    deadlines.add(sequence, now + timeoutNanos, attempt);
                    continue;
                }
                if (successor.acked.get(sequence)) {
                    if (attempt == 0) {
                        successor.cutOff = 0;
                    }
                    continue;
                }
                if (attempt == 0 && sequence >= successor.countFrom) {
                    successor.missedFromTree();
                }
                if (successor.cutOff >= reportAfter && !successor.linkReported && successor.ackedSinceCutOff()) {
                    successor.linkReported = true;
                    output.linkFailure(successor.node);
                }
                if (attempt >= maxAttempts) {
                    givenUp++;
                    if (!successor.failureReported) {
                        successor.failureReported = true;
                        output.receiverFailure(successor.node);
                    }
                    continue;
                }
                burst++;
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
        if (!received.get(sequence) || proxy != null && !overlayChildren.isEmpty() && !childAcked.get(sequence)) {
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

    /** Whether this receiver holds packet {@code sequence}. */
    public boolean holds(int sequence) {
        return received.get(sequence);
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

    /** Repairs abandoned after the last attempt (§3.4: the successor is reported failed). */
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
        /** The first packet that counts for {@link #cutOff}: a new successor's catching up after a rebuild does not. */
        int countFrom;
        /** ACKs heard from the successor, and their count when the current run of repairs began. */
        long acks;
        long acksAtCutOff;
        boolean linkReported;
        boolean failureReported;

        Successor(OverlayRing ring, int node) {
            this.ring = ring;
            this.node = node;
        }

        /** A packet's first timeout passed without the successor's ACK. */
        void missedFromTree() {
            if (cutOff++ == 0) {
                acksAtCutOff = acks;
                linkReported = false;
            }
        }

        /** Whether the successor ACKed since the run of repairs began: it is alive and gets the repairs. */
        boolean ackedSinceCutOff() {
            return acks > acksAtCutOff;
        }
    }
}

package io.robber.datacast.rdcm;

import io.robber.datacast.multicast.MulticastTree;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The sender of the baseline RDCM is measured against: reliable multicast in which only the sender
 * repairs (the paper's Figs. 10–11 compare RDCM with SRM, LBRM and RMTP; this is the repair those
 * share, without their logging servers or repair groups). Sans-IO. Every receiver ACKs what it holds
 * straight to the sender (selective and cumulative, as RDCM's ACKs). A packet some receiver has not
 * ACKed within the timeout is due for repair; when the sender's pacing gives it a slot, it goes
 * again to the receivers still missing it, by one multicast on the whole tree or by a unicast to
 * each, whichever puts fewer packets on links: the paper's choice for LBRM and RMTP ("the repair
 * technique minimizing the repair traffic"). Its timeout starts again when it is sent.
 */
final class SenderRepair {
    /** Where the repairs go. */
    interface Repairs {
        void multicast(int sequence);

        void unicast(int receiver, int sequence);
    }

    private final int[] receivers;
    private final Acked[] acked;
    private final int[] slotOf;
    private final int[] hops;
    private final int treeArcs;
    private final long timeoutNanos;
    private final Deadlines deadlines = new Deadlines();
    private final ArrayDeque<Integer> due = new ArrayDeque<>();
    private final List<Integer> missing = new ArrayList<>();
    private int sent;
    private long multicasts;
    private long unicasts;

    SenderRepair(MulticastTree tree, int[] receivers, long timeoutNanos) {
        this.receivers = receivers.clone();
        this.acked = new Acked[receivers.length];
        this.slotOf = new int[tree.network().nodeCount()];
        this.hops = new int[receivers.length];
        Arrays.fill(slotOf, -1);
        for (int i = 0; i < receivers.length; i++) {
            acked[i] = new Acked();
            slotOf[receivers[i]] = i;
            hops[i] = tree.depthOf(receivers[i]);
        }
        this.treeArcs = tree.arcs().length;
        this.timeoutNanos = timeoutNanos;
    }

    /** The next packet's sequence number, now multicast on the tree. */
    int onSend(long now) {
        int sequence = sent++;
        deadlines.add(sequence, now + timeoutNanos, 0);
        return sequence;
    }

    /** A receiver's ACK; one from a node that is no receiver is ignored. */
    void onAck(RdcmAck ack) {
        int slot = ack.from() >= 0 && ack.from() < slotOf.length ? slotOf[ack.from()] : -1;
        if (slot >= 0) {
            acked[slot].cover(ack.sequence(), ack.recent(), ack.below());
        }
    }

    /** The packets whose timeout passed become due for repair. */
    void onTimer(long now) {
        while (deadlines.headDeadline() <= now) {
            due.add(deadlines.headSequence());
            deadlines.poll();
        }
    }

    long nextDeadline() {
        return deadlines.headDeadline();
    }

    /** Whether a packet may be due for repair (it may turn out every receiver has it meanwhile). */
    boolean hasDue() {
        return !due.isEmpty();
    }

    /**
     * Repairs the first due packet some receiver still misses, by multicast or by unicasts; how many
     * packets that put out of the sender (0 if every due packet was ACKed meanwhile).
     */
    int repair(long now, Repairs out) {
        while (!due.isEmpty()) {
            int sequence = due.poll();
            missing.clear();
            int unicastCost = 0;
            for (int i = 0; i < receivers.length; i++) {
                if (!acked[i].get(sequence)) {
                    missing.add(i);
                    unicastCost += hops[i];
                }
            }
            if (missing.isEmpty()) {
                continue;
            }
            deadlines.add(sequence, now + timeoutNanos, 0);
            if (treeArcs <= unicastCost) {
                multicasts++;
                out.multicast(sequence);
                return 1;
            }
            for (int i : missing) {
                unicasts++;
                out.unicast(receivers[i], sequence);
            }
            return missing.size();
        }
        return 0;
    }

    /** Whether every receiver ACKed every packet below {@code packets}. */
    boolean allAcked(int packets) {
        for (Acked a : acked) {
            if (a.prefix() < packets) {
                return false;
            }
        }
        return true;
    }

    long multicasts() {
        return multicasts;
    }

    long unicasts() {
        return unicasts;
    }
}

package io.robber.datacast.transport;

import io.robber.datacast.signalling.SignallingCounters.Cost;
import java.util.List;

/**
 * How a {@link DatacastTransfer} ended: every receiver's share of the data, the repairs after
 * failed links (and the trees added when they came back) with the signalling that set up each new
 * tree, and the signalling's total cost.
 *
 * @param failure why the transfer stopped short (a receiver cut off), or null
 * @param finishNanos when the last receiver had everything, or −1
 * @param handOffs blocks handed to trees after their first (§4.2)
 * @param deliveredBlocks blocks the master knows every receiver holds (from the aggregated ACKs of
 *     the announcements; a tree's last blocks are not asked about)
 * @param signallingMessages signalling messages sent over all links, set-ups and hand-offs
 * @param signallingAcks their aggregated ACKs
 */
public record DatacastOutcome(int packets, String failure, long finishNanos, List<Member> members,
        List<Repair> repairs, int handOffs, int deliveredBlocks, long signallingMessages, long signallingAcks) {
    public DatacastOutcome {
        members = List.copyOf(members);
        repairs = List.copyOf(repairs);
    }

    /** Whether every receiver holds every packet. */
    public boolean complete() {
        return failure == null && members.stream().allMatch(member -> member.packets() == packets);
    }

    /** One receiver node: the distinct packets it holds, when it had them all (−1), packets received twice. */
    public record Member(String name, int packets, long finishNanos, long duplicates) {
    }

    /**
     * One re-planning (§4.1.3), after links failed or came back up.
     *
     * @param detectedNanos when the fabric manager reported the change
     * @param broken trees the failure broke
     * @param dropped broken trees the repair could not rebuild
     * @param added new trees grown over links that came back up
     * @param signals the set-up of each rebuilt tree, then of each new one
     */
    public record Repair(long detectedNanos, int broken, int dropped, int added, List<TreeSetUp> signals) {
        public Repair {
            signals = List.copyOf(signals);
        }
    }

    /**
     * A new tree's set-up message.
     *
     * @param nodes the tree's nodes (the message reached each but the root)
     * @param receivers the group's receivers on it
     * @param acknowledged the receivers in the aggregated ACK that reached the root, 0 if none did
     * @param ackedNanos when it did, or −1
     * @param cost messages and ACKs sent for it, over all links
     */
    public record TreeSetUp(int tree, int nodes, int receivers, long sentNanos, long ackedNanos, int acknowledged,
            Cost cost) {
    }
}

package io.robber.datacast.rdcm;

import java.util.List;
import java.util.Set;

/**
 * What a session did: the receivers' engines (what each holds, repaired, received twice), the
 * sender's multicast repairs and repair window, the unicast repairs and ACKs put on the network, the
 * copies the tree made, the link failure reports with their inferred failed-link sets, the receivers
 * that crashed and the receiver failure reports, the version of the tree in use at the end (1 unless
 * rebuilt), when the last live receiver held every packet (−1 if one never did) and when the last
 * timer went quiet, in virtual time, how many times inferred failed links were re-activated while
 * the session ran, and since when the manager has held the sender, every link of the source inferred
 * failed (−1 unless it still did at the end).
 */
public record RdcmReport(int packets, List<RdcmReceiver> receivers, long multicastRepairs, int senderWindowLow,
        long repairPackets, long ackPackets, long treeCopies, List<LinkFailureReport> linkFailures,
        Set<Integer> crashed, List<ReceiverFailureReport> receiverFailures, int treeVersion, long finishNanos,
        long endNanos, int reactivations, long sourceCutOffNanos) {
    public RdcmReport {
        receivers = List.copyOf(receivers);
        linkFailures = List.copyOf(linkFailures);
        crashed = Set.copyOf(crashed);
        receiverFailures = List.copyOf(receiverFailures);
    }

    /** Whether every receiver that did not crash holds every packet. */
    public boolean complete() {
        return receivers.stream().allMatch(receiver -> crashed.contains(receiver.self()) || receiver.holdsAll(packets));
    }

    /** The most receivers one receiver repaired (Theorem 1: at most two). */
    public int maxRepairBurden() {
        return receivers.stream().mapToInt(receiver -> receiver.repaired().size()).max().orElse(0);
    }

    /** The most packets one receiver's repair window held at once. */
    public int maxBuffered() {
        return receivers.stream().mapToInt(RdcmReceiver::maxBuffered).max().orElse(0);
    }
}

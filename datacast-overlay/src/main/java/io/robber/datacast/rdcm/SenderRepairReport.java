package io.robber.datacast.rdcm;

/**
 * What a {@link SenderRepairSession} did, in virtual time.
 *
 * @param finishNanos when the last receiver held every packet, or −1 if one never did
 * @param endNanos when the last timer went quiet (or the limit)
 * @param multicastRepairs packets multicast again on the whole tree
 * @param unicastRepairs packets sent again to one receiver
 * @param ackPackets ACKs the receivers sent
 * @param duplicates packets a receiver got when it already held them
 */
public record SenderRepairReport(int packets, long finishNanos, long endNanos, long multicastRepairs,
        long unicastRepairs, long ackPackets, long duplicates) {
    /** Whether every receiver held every packet. */
    public boolean complete() {
        return finishNanos >= 0;
    }
}

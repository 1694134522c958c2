package io.robber.datacast.rdcm;

/** A data packet of the session: multicast on the tree, or unicast as a repair over the overlay. */
public record RdcmData(int sequence) {
}

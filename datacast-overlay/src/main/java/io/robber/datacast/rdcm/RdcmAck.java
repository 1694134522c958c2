package io.robber.datacast.rdcm;

/**
 * §3.3: a receiver's ACK for packet {@code sequence} on the overlay ring of tree node {@code ring}
 * (−1 for a group of one receiver, which has no ring and ACKs to the sender), unicast to the ring's
 * overlay predecessor and overlay parent. On the sender's leaf ring it means "I have it"; on its
 * proxy ring, "a receiver below me has it". It is cumulative too (the paper allows it): it also
 * covers every packet below {@code below}, and selective: packet {@code sequence − 1 − i} for each
 * bit i of {@code recent}, so a later ACK makes up for a lost one even across a gap.
 */
public record RdcmAck(int from, int ring, int sequence, long recent, int below) {
    /** The ring of a group with a single receiver. */
    public static final int NO_RING = -1;
}

package io.robber.datacast.rdcm;

/** What RDCM's sans-IO engines ask the network to do. */
public interface RdcmOutput {
    /** Unicasts {@code ack} to node {@code to}. */
    void ack(int to, RdcmAck ack);

    /** Unicasts packet {@code sequence} to receiver {@code to} as a repair. */
    void repair(int to, int sequence);

    /** Multicasts packet {@code sequence} on the tree again (the sender only). */
    void multicast(int sequence);

    /** §3.4: tells the multicast manager that overlay successor {@code successor} gets everything from the overlay. */
    void linkFailure(int successor);

    /** §3.4: tells the multicast manager that overlay successor {@code successor} took no repair: it has failed. */
    void receiverFailure(int successor);

    /**
     * Tells the multicast manager that no overlay child ACKed any of a run of packets: the tree is
     * broken next to the sender (the sender only; a departure, as no receiver can see this failure).
     */
    void silentTree();
}

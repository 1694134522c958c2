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
}

package io.robber.datacast.fabric;

/**
 * What takes a packet across an arc once its {@link Port} has transmitted it, to the node at the
 * arc's head: in virtual time the port itself (the propagation delay, then the head's handler); over
 * loopback a {@link LoopbackWire}, as bytes on a socket. A wire carries the arc's propagation delay
 * and hands the packet back through {@link Fabric#deliver}.
 */
interface Wire {
    /** Takes {@code packet}, transmitted on {@code arc} just now. */
    void carry(int arc, Packet packet);
}

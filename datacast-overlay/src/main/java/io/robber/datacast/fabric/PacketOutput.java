package io.robber.datacast.fabric;

/** Where node handlers put packets: onto the next arc of the packet's route. */
@FunctionalInterface
public interface PacketOutput {
    /** Transmits {@code packet} on its next arc, from the node it is at (the arc's tail). */
    void send(Packet packet);
}

package io.robber.datacast.fabric;

/**
 * What a node of the fabric does with a packet that reaches it: a sans-IO handler, switch or host
 * alike. It may forward the packet ({@link PacketOutput#send} it on, if it has not
 * {@linkplain Packet#arrived() arrived}), answer it with new packets, or absorb it.
 */
@FunctionalInterface
public interface NodeHandler {
    void receive(Packet packet);
}

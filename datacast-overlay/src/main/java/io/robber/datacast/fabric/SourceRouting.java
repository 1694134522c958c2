package io.robber.datacast.fabric;

/** A plain switch: forwards a packet along its route, absorbs it where the route ends. */
public final class SourceRouting implements NodeHandler {
    private final PacketOutput output;

    public SourceRouting(PacketOutput output) {
        this.output = output;
    }

    @Override
    public void receive(Packet packet) {
        if (!packet.arrived()) {
            output.send(packet);
        }
    }
}

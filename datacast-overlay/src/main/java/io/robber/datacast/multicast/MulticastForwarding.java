package io.robber.datacast.multicast;

import io.robber.datacast.fabric.NodeHandler;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.fabric.PacketOutput;

/**
 * A node's handler on a fabric with multicast: it replicates a {@link TreeFrame} onto the ports its
 * {@link ForwardingTable} lists for the frame's tree, forwards source-routed unicast packets, and
 * hands what is addressed to this node (a frame of a tree it is on, a unicast packet at the end of
 * its route) to the host's own handler, if the node is a server with one. A BCube server that is on
 * a tree both forwards and delivers.
 */
final class MulticastForwarding implements NodeHandler {
    private final int node;
    private final ForwardingTable table = new ForwardingTable();
    private final PacketOutput output;
    private final SingleArcRoutes routes;
    private final Counters counters;
    private NodeHandler host;

    MulticastForwarding(int node, PacketOutput output, SingleArcRoutes routes, Counters counters) {
        this.node = node;
        this.output = output;
        this.routes = routes;
        this.counters = counters;
    }

    ForwardingTable table() {
        return table;
    }

    void host(NodeHandler host) {
        this.host = host;
    }

    void addHost(NodeHandler more) {
        NodeHandler before = host;
        host = before == null ? more : packet -> {
            before.receive(packet);
            more.receive(packet);
        };
    }

    @Override
    public void receive(Packet packet) {
        if (packet.payload() instanceof TreeFrame frame) {
            int[] out = table.outArcs(frame);
            if (out == null) {
                counters.stale(node, frame);
            } else {
                replicate(frame, packet.sizeBytes(), out);
            }
            deliver(packet);
        } else if (!packet.arrived()) {
            output.send(packet);
        } else {
            deliver(packet);
        }
    }

    /** Sends a new frame from this node, its tree's source, onto the tree's ports. */
    void originate(TreeFrame frame, int sizeBytes) {
        int[] out = table.outArcs(frame);
        if (out == null) {
            throw new IllegalStateException("group " + frame.group() + "'s tree " + frame.version()
                    + " is not installed at its source, node " + node);
        }
        replicate(frame, sizeBytes, out);
    }

    private void replicate(TreeFrame frame, int sizeBytes, int[] out) {
        for (int arc : out) {
            counters.copies++;
            output.send(Packet.along(routes.of(arc), sizeBytes, frame));
        }
    }

    private void deliver(Packet packet) {
        if (host != null) {
            host.receive(packet);
        }
    }
}

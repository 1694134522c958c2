package io.robber.datacast.transport;

import io.robber.datacast.fabric.NodeHandler;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.fabric.PacketOutput;
import java.util.Arrays;

/**
 * The Datacast handler of one node, switch or server: it hands each packet to the node's role on
 * the packet's tree — the {@link Source} where an interest ends, a {@link BranchingNode} on the way,
 * the {@link Receiver} where data ends — and forwards what no role takes along its source route.
 * A node may hold several roles, on one tree (a receiver that is also a branching node) or on many.
 * Roles are kept in arrays indexed by tree number (trees are numbered from 1, a handful per group):
 * the look-up is on every packet at every node.
 */
final class DatacastNode implements NodeHandler {
    private final PacketOutput output;
    private Source[] sources = new Source[0];
    private BranchingNode[] branching = new BranchingNode[0];
    private Receiver[] receivers = new Receiver[0];

    DatacastNode(PacketOutput output) {
        this.output = output;
    }

    void source(int tree, Source source) {
        sources = grown(sources, tree);
        sources[tree] = source;
    }

    void branching(int tree, BranchingNode node) {
        branching = grown(branching, tree);
        branching[tree] = node;
    }

    void receiver(int tree, Receiver receiver) {
        receivers = grown(receivers, tree);
        receivers[tree] = receiver;
    }

    private static <T> T[] grown(T[] roles, int tree) {
        if (tree < 0) {
            throw new IllegalArgumentException("a tree number is not negative, got " + tree);
        }
        return tree < roles.length ? roles : Arrays.copyOf(roles, tree + 1);
    }

    private static <T> T role(T[] roles, int tree) {
        return tree >= 0 && tree < roles.length ? roles[tree] : null;
    }

    @Override
    public void receive(Packet packet) {
        if (packet.payload() instanceof Interest interest) {
            onInterest(packet, interest);
        } else if (packet.payload() instanceof Data data) {
            onData(packet, data);
        }
    }

    private void onInterest(Packet packet, Interest interest) {
        int tree = interest.name().tree();
        if (packet.arrived()) {
            Source source = role(sources, tree);
            if (source != null) {
                source.onInterest(packet, interest);
            }
            return;
        }
        BranchingNode node = role(branching, tree);
        if (node != null) {
            node.onInterest(packet, interest);
        } else {
            output.send(packet);
        }
    }

    private void onData(Packet packet, Data data) {
        int tree = data.name().tree();
        BranchingNode node = role(branching, tree);
        if (node != null && node.onData(data)) {
            return;
        }
        if (!packet.arrived()) {
            output.send(packet);
            return;
        }
        Receiver receiver = role(receivers, tree);
        if (receiver != null) {
            receiver.onData(data);
        }
    }
}

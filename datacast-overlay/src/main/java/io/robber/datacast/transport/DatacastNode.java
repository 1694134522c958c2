package io.robber.datacast.transport;

import io.robber.datacast.fabric.NodeHandler;
import io.robber.datacast.fabric.Packet;
import io.robber.datacast.fabric.PacketOutput;
import io.robber.datacast.signalling.SignallingAgent;
import io.robber.datacast.signalling.TreeAck;
import io.robber.datacast.signalling.TreeMessage;
import java.util.Arrays;
import java.util.BitSet;
import java.util.function.Consumer;

/**
 * The Datacast handler of one node, switch or server: it hands each packet to the node's role on
 * the packet's tree — the {@link Source} where an interest ends, a {@link BranchingNode} on the way,
 * the {@link Receiver} where data ends — and forwards what no role takes along its source route.
 * A node may hold several roles, on one tree (a receiver that is also a branching node) or on many.
 * Roles are kept in arrays indexed by tree number (trees are numbered from 1, a handful per group,
 * a rebuilt tree a new number): the look-up is on every packet at every node.
 * Signalling messages and ACKs go to its {@link SignallingAgent}; the receivers' requests for the
 * next block, where they end, to the master.
 */
final class DatacastNode implements NodeHandler {
    private final PacketOutput output;
    private Source[] sources = new Source[0];
    private BranchingNode[] branching = new BranchingNode[0];
    private Receiver[] receivers = new Receiver[0];
    private final BitSet left = new BitSet();
    private SignallingAgent signalling;
    private Consumer<NextBlock> master;

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

    void signalling(SignallingAgent agent) {
        this.signalling = agent;
    }

    void master(Consumer<NextBlock> master) {
        this.master = master;
    }

    Receiver receiver(int tree) {
        return role(receivers, tree);
    }

    /** Whether it has a role on {@code tree}. */
    boolean plays(int tree) {
        return role(sources, tree) != null || role(branching, tree) != null || role(receivers, tree) != null;
    }

    /** Whether it has joined {@code tree} before, or left it: a set-up message for it again is old news. */
    boolean knows(int tree) {
        return plays(tree) || left.get(tree);
    }

    /** Leaves {@code tree}: its roles here go, with the branching node's cache (soft state). */
    void leave(int tree) {
        left.set(tree);
        Receiver receiver = role(receivers, tree);
        clear(sources, tree);
        clear(branching, tree);
        clear(receivers, tree);
        if (receiver != null) {
            receiver.stop();
        }
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

    private static void clear(Object[] roles, int tree) {
        if (tree >= 0 && tree < roles.length) {
            roles[tree] = null;
        }
    }

    @Override
    public void receive(Packet packet) {
        Object payload = packet.payload();
        if (payload instanceof Interest interest) {
            onInterest(packet, interest);
        } else if (payload instanceof Data data) {
            onData(packet, data);
        } else if (payload instanceof TreeMessage message && signalling != null) {
            signalling.onMessage(message);
        } else if (payload instanceof TreeAck ack && signalling != null) {
            signalling.onAck(ack);
        } else if (payload instanceof NextBlock request) {
            if (!packet.arrived()) {
                output.send(packet);
            } else if (master != null) {
                master.accept(request);
            }
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

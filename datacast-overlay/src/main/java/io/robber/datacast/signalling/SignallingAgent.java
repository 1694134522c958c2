package io.robber.datacast.signalling;

import io.robber.datacast.fabric.Packet;
import io.robber.datacast.fabric.PacketOutput;
import io.robber.datacast.topology.Network;
import io.robber.engine.Timers;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The signalling protocol of one node (§3), sans-IO. A message arrives with the node's subtree of
 * the transmission tree encoded in it: the node hands the body to its {@link SignalListener},
 * splits the subtree and sends each child its own part, one hop down. A leaf acknowledges at once;
 * an inner node once every child has, with the receivers of its subtree summed, and the answers
 * their listeners gave (a tally): the ACKs are aggregated on the way up, and the root learns in
 * two numbers how many receivers have the message and what they answered.
 *
 * <p>The root {@linkplain #originate originates} a message and sends it again, doubling the wait,
 * while some child has not acknowledged it. A node forgets a message once it has acknowledged it,
 * so it keeps only the messages still on their way; one that gets a message again passes it on to
 * the children that have not acknowledged it yet, or, if it had forgotten it, treats it as new: the
 * listener must take a body twice without harm.
 */
public final class SignallingAgent {
    private final PacketOutput output;
    private final Timers timers;
    private final int headerBytes;
    private final SignalListener listener;
    private final SignallingCounters counters;
    private final Map<Long, Relay> relays = new HashMap<>();

    /** A message this node has passed on: its children's parts and who has acknowledged them. */
    private static final class Relay {
        final TreeMessage message;
        final Map<Integer, EncodedTree> waiting = new LinkedHashMap<>();
        int receivers;
        int tally;
        Acknowledged done;
        Runnable retry;
        long retryNanos;

        Relay(TreeMessage message) {
            this.message = message;
        }
    }

    public SignallingAgent(PacketOutput output, Timers timers, int headerBytes, SignalListener listener,
            SignallingCounters counters) {
        this.output = output;
        this.timers = timers;
        this.headerBytes = headerBytes;
        this.listener = listener;
        this.counters = counters;
    }

    /** What the root learns when every child has acknowledged a message. */
    @FunctionalInterface
    public interface Acknowledged {
        /** @param receivers the receivers that have the message; @param tally the sum of their answers */
        void acknowledged(int receivers, int tally);
    }

    /**
     * Sends {@code body} down {@code tree} (rooted here) as message {@code id}, again after
     * {@code retryNanos} (then twice that, …) while it is not acknowledged; {@code done} is told
     * once, with the aggregated ACKs.
     */
    public void originate(long id, EncodedTree tree, Object body, long retryNanos, Acknowledged done) {
        Relay relay = new Relay(new TreeMessage(id, tree, new int[0], body));
        relay.receivers = tree.rootIsReceiver() ? 1 : 0;
        relay.done = done;
        relay.retryNanos = retryNanos;
        relays.put(id, relay);
        forward(relay, tree.children());
        armRetry(relay);
    }

    /** Stops sending message {@code id} again and forgets it (its tree was replaced). */
    public void cancel(long id) {
        Relay relay = relays.remove(id);
        if (relay != null) {
            stopRetrying(relay);
        }
    }

    private static void stopRetrying(Relay relay) {
        if (relay.retry != null) {
            relay.retry.run();
            relay.retry = null;
        }
    }

    /** A message that arrived here. */
    public void onMessage(TreeMessage message) {
        Relay relay = relays.get(message.id());
        if (relay != null) {
            forward(relay, List.copyOf(relay.waiting.values()));
            return;
        }
        relay = new Relay(message);
        relay.receivers = message.subtree().rootIsReceiver() ? 1 : 0;
        relays.put(message.id(), relay);
        relay.tally = listener.onSignal(message.body(), message.subtree(), message.pathFromRoot());
        forward(relay, message.subtree().children());
        if (relay.waiting.isEmpty()) {
            acknowledge(relay);
        }
    }

    /** An aggregated ACK from a child. */
    public void onAck(TreeAck ack) {
        Relay relay = relays.get(ack.id());
        if (relay == null || relay.waiting.remove(ack.arc()) == null) {
            return;
        }
        relay.receivers += ack.receivers();
        relay.tally += ack.tally();
        if (relay.waiting.isEmpty()) {
            acknowledge(relay);
        }
    }

    private void forward(Relay relay, List<EncodedTree> children) {
        TreeMessage message = relay.message;
        int[] path = message.pathFromRoot();
        for (EncodedTree child : children) {
            relay.waiting.put(child.arcIn(), child);
            int[] childPath = Arrays.copyOf(path, path.length + 1);
            childPath[path.length] = child.arcIn();
            TreeMessage part = new TreeMessage(message.id(), child, childPath, message.body());
            send(child.arcIn(), message.id(), part.sizeBytes(headerBytes), part, false);
        }
    }

    private void acknowledge(Relay relay) {
        relays.remove(relay.message.id());
        int arcIn = relay.message.subtree().arcIn();
        if (arcIn < 0) {
            stopRetrying(relay);
            if (relay.done != null) {
                relay.done.acknowledged(relay.receivers, relay.tally);
                relay.done = null;
            }
            return;
        }
        TreeAck ack = new TreeAck(relay.message.id(), arcIn, relay.receivers, relay.tally);
        send(Network.reverse(arcIn), ack.id(), ack.sizeBytes(headerBytes), ack, true);
    }

    private void send(int arc, long id, int sizeBytes, Object payload, boolean ack) {
        counters.sent(id, ack, sizeBytes);
        output.send(Packet.along(new int[] {arc}, sizeBytes, payload));
    }

    private void armRetry(Relay relay) {
        relay.retry = timers.schedule(relay.retryNanos, () -> {
            relay.retry = null;
            if (!relay.waiting.isEmpty()) {
                forward(relay, List.copyOf(relay.waiting.values()));
                relay.retryNanos *= 2;
                armRetry(relay);
            }
        });
    }
}

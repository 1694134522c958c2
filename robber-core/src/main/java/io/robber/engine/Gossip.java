package io.robber.engine;

import io.robber.wire.Message;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A group-wide flood of facts about members (what each held at the start, that each is done), sent
 * in batches: what this node learns is collected and sent on to every neighbour but the one that
 * told it, in one message per neighbour, at most once per interval — at once when the last batch
 * left longer ago, else when the interval ends. A flood of N members thus costs each link a few
 * messages while the flood lasts, not N, and a message names each member once. A neighbour hears
 * only what it accepts from this node ({@link FloodOrigins}): nothing about itself, nor about its own
 * neighbours, which tell it themselves.
 */
final class Gossip {
    private final List<Integer> neighbours;
    private final NodeIo io;
    private final long intervalNanos;
    private final Function<BitSet, Message> message;
    private final BiFunction<Integer, BitSet, BitSet> mayTell;
    /** The members learnt since the last batch, by the neighbour that told (-1: this node). */
    private final Map<Integer, BitSet> news = new HashMap<>();
    private boolean sentBefore;
    private long lastSent;
    private boolean due;

    /**
     * {@code message} makes the message that tells a neighbour about a set of members;
     * {@code mayTell(n, members)} is the part of {@code members} neighbour {@code n} may hear of from this node.
     */
    Gossip(List<Integer> neighbours, NodeIo io, long intervalNanos, Function<BitSet, Message> message,
           BiFunction<Integer, BitSet, BitSet> mayTell) {
        this.neighbours = neighbours;
        this.io = io;
        this.intervalNanos = intervalNanos;
        this.message = message;
        this.mayTell = mayTell;
    }

    /** Passes on what {@code members} are, learnt from neighbour {@code from} (-1: found here). */
    void spread(BitSet members, int from) {
        if (members.isEmpty()) {
            return;
        }
        news.computeIfAbsent(from, f -> new BitSet()).or(members);
        if (due) {
            return;
        }
        long now = io.timers().nanoTime();
        if (!sentBefore || now - lastSent >= intervalNanos) {
            send();
        } else {
            due = true;
            io.timers().schedule(lastSent + intervalNanos - now, () -> {
                due = false;
                send();
            });
        }
    }

    /**
     * Sends the batch that waits for its interval to end now: this node is leaving, and what it learnt
     * must not leave with it (the last member to learn that all are done would otherwise close before
     * telling the others that it is done too, and they would wait for it in vain).
     */
    void sendPending() {
        if (!news.isEmpty()) {
            send();
        }
    }

    /** Tells one neighbour about {@code members}, e.g. all that is known to one that reconnected; true when it sent. */
    boolean tell(int peer, BitSet members) {
        BitSet allowed = mayTell.apply(peer, members);
        if (allowed.isEmpty()) {
            return false;
        }
        io.send(peer, message.apply(allowed));
        return true;
    }

    /** Sends the batch; one that told nobody anything does not count against the interval. */
    private void send() {
        BitSet all = new BitSet();
        news.values().forEach(all::or);
        boolean sent = false;
        for (int n : neighbours) {
            BitSet told = news.get(n);
            BitSet rest = (BitSet) all.clone();
            if (told != null) {
                rest.andNot(told);
            }
            sent |= tell(n, rest);
        }
        news.clear();
        if (sent) {
            sentBefore = true;
            lastSent = io.timers().nanoTime();
        }
    }
}

package io.robber.engine;

import io.robber.wire.Message;
import java.util.List;

/** Sends a group-wide gossip message on to this node's neighbours. */
final class Flooding {
    private final List<Integer> neighbours;
    private final NodeIo io;

    Flooding(List<Integer> neighbours, NodeIo io) {
        this.neighbours = neighbours;
        this.io = io;
    }

    /** Sends {@code message} to every neighbour but {@code from} (-1: to all of them). */
    void flood(Message message, int from) {
        for (int n : neighbours) {
            if (n != from) {
                io.send(n, message);
            }
        }
    }

    /** Sends {@code message} to one neighbour, e.g. one that reconnected and needs the gossip again. */
    void send(int peer, Message message) {
        io.send(peer, message);
    }
}

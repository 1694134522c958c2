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

    /**
     * Sends {@code message}, news about {@code member}, to every neighbour but {@code from} (-1: to all
     * of them) and {@code member} itself, which would refuse news about itself ({@link FloodOrigins}).
     */
    void flood(Message message, int from, int member) {
        for (int n : neighbours) {
            if (n != from && n != member) {
                io.send(n, message);
            }
        }
    }

    /** Sends {@code message} to one neighbour, e.g. one that reconnected and needs the gossip again. */
    void send(int peer, Message message) {
        io.send(peer, message);
    }
}
